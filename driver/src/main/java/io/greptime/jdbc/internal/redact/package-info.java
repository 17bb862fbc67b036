/**
 * What keeps secrets and hostile text out of what the driver shows: {@link
 * io.greptime.jdbc.internal.redact.Printable} for text from outside, {@link
 * io.greptime.jdbc.internal.redact.Secrets} for credentials in URLs, headers and HTTP/2 frames. Depends on
 * nothing else of the driver, so every layer may use it.
 */
package io.greptime.jdbc.internal.redact;
