package main

import (
	"bytes"
	"encoding/json"
)

// sortedJSON is JSON text as GreptimeDB's JSONB prints it: compact, object keys in order (Go's encoder
// sorts map keys), strings escaped as json.Marshal does without HTML escaping.
func sortedJSON(text string) string {
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		return text
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return text
	}
	return string(bytes.TrimRight(out.Bytes(), "\n"))
}
