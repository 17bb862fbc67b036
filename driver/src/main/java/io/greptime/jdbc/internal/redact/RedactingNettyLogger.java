package io.greptime.jdbc.internal.redact;

import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.internal.logging.InternalLogLevel;
import io.netty.util.internal.logging.InternalLogger;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A netty logger of HTTP/2 frames that shows no credential: header values of credential headers
 * ({@link Secrets#isCredentialHeader}) become {@value Secrets#MASK}, DATA and unknown frames show their
 * length but not their bytes (a GreptimeRequest carries the password in its header), and any
 * {@code Basic}/{@code Bearer} token left in a text is masked. Everything else passes to the logger it
 * wraps, so levels and back end stay the application's.
 */
final class RedactingNettyLogger implements InternalLogger {
    private static final Pattern TOKEN = Pattern.compile("(?i)\\b(basic|bearer)\\s+[A-Za-z0-9+/=._~-]+");

    private final InternalLogger delegate;

    RedactingNettyLogger(InternalLogger delegate) {
        this.delegate = delegate;
    }

    /** The arguments of one log call with every credential hidden; the format names the frame. */
    static Object[] redact(String format, Object... args) {
        if (args == null) {
            return null;
        }
        boolean payload = format != null && (format.contains("DATA:") || format.contains("UNKNOWN:"));
        Object[] out = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (payload && i == args.length - 1) {
                out[i] = "<payload not logged>";
            } else if (a instanceof Http2Headers h) {
                out[i] = headers(h);
            } else if (a instanceof CharSequence s) {
                out[i] = text(s.toString());
            } else {
                out[i] = a;
            }
        }
        return out;
    }

    static String text(String s) {
        return s == null ? null : TOKEN.matcher(s).replaceAll("$1 " + Secrets.MASK);
    }

    private static String headers(Http2Headers h) {
        StringBuilder sb = new StringBuilder("[");
        for (Map.Entry<CharSequence, CharSequence> e : h) {
            sb.append(sb.length() == 1 ? "" : ", ").append(e.getKey()).append(": ");
            sb.append(Secrets.isCredentialHeader(e.getKey()) ? Secrets.MASK : text(String.valueOf(e.getValue())));
        }
        return sb.append(']').toString();
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public boolean isEnabled(InternalLogLevel level) {
        return delegate.isEnabled(level);
    }

    @Override
    public void log(InternalLogLevel level, String msg) {
        delegate.log(level, text(msg));
    }

    @Override
    public void log(InternalLogLevel level, String format, Object arg) {
        delegate.log(level, format, redact(format, arg)[0]);
    }

    @Override
    public void log(InternalLogLevel level, String format, Object argA, Object argB) {
        Object[] r = redact(format, argA, argB);
        delegate.log(level, format, r[0], r[1]);
    }

    @Override
    public void log(InternalLogLevel level, String format, Object... arguments) {
        delegate.log(level, format, redact(format, arguments));
    }

    @Override
    public void log(InternalLogLevel level, String msg, Throwable t) {
        delegate.log(level, text(msg), t);
    }

    @Override
    public void log(InternalLogLevel level, Throwable t) {
        delegate.log(level, t);
    }

    // The level-named methods all go through log(level, ...), which redacts.

    @Override
    public boolean isTraceEnabled() {
        return delegate.isTraceEnabled();
    }

    @Override
    public void trace(String msg) {
        log(InternalLogLevel.TRACE, msg);
    }

    @Override
    public void trace(String format, Object arg) {
        log(InternalLogLevel.TRACE, format, arg);
    }

    @Override
    public void trace(String format, Object argA, Object argB) {
        log(InternalLogLevel.TRACE, format, argA, argB);
    }

    @Override
    public void trace(String format, Object... arguments) {
        log(InternalLogLevel.TRACE, format, arguments);
    }

    @Override
    public void trace(String msg, Throwable t) {
        log(InternalLogLevel.TRACE, msg, t);
    }

    @Override
    public void trace(Throwable t) {
        log(InternalLogLevel.TRACE, t);
    }

    @Override
    public boolean isDebugEnabled() {
        return delegate.isDebugEnabled();
    }

    @Override
    public void debug(String msg) {
        log(InternalLogLevel.DEBUG, msg);
    }

    @Override
    public void debug(String format, Object arg) {
        log(InternalLogLevel.DEBUG, format, arg);
    }

    @Override
    public void debug(String format, Object argA, Object argB) {
        log(InternalLogLevel.DEBUG, format, argA, argB);
    }

    @Override
    public void debug(String format, Object... arguments) {
        log(InternalLogLevel.DEBUG, format, arguments);
    }

    @Override
    public void debug(String msg, Throwable t) {
        log(InternalLogLevel.DEBUG, msg, t);
    }

    @Override
    public void debug(Throwable t) {
        log(InternalLogLevel.DEBUG, t);
    }

    @Override
    public boolean isInfoEnabled() {
        return delegate.isInfoEnabled();
    }

    @Override
    public void info(String msg) {
        log(InternalLogLevel.INFO, msg);
    }

    @Override
    public void info(String format, Object arg) {
        log(InternalLogLevel.INFO, format, arg);
    }

    @Override
    public void info(String format, Object argA, Object argB) {
        log(InternalLogLevel.INFO, format, argA, argB);
    }

    @Override
    public void info(String format, Object... arguments) {
        log(InternalLogLevel.INFO, format, arguments);
    }

    @Override
    public void info(String msg, Throwable t) {
        log(InternalLogLevel.INFO, msg, t);
    }

    @Override
    public void info(Throwable t) {
        log(InternalLogLevel.INFO, t);
    }

    @Override
    public boolean isWarnEnabled() {
        return delegate.isWarnEnabled();
    }

    @Override
    public void warn(String msg) {
        log(InternalLogLevel.WARN, msg);
    }

    @Override
    public void warn(String format, Object arg) {
        log(InternalLogLevel.WARN, format, arg);
    }

    @Override
    public void warn(String format, Object... arguments) {
        log(InternalLogLevel.WARN, format, arguments);
    }

    @Override
    public void warn(String format, Object argA, Object argB) {
        log(InternalLogLevel.WARN, format, argA, argB);
    }

    @Override
    public void warn(String msg, Throwable t) {
        log(InternalLogLevel.WARN, msg, t);
    }

    @Override
    public void warn(Throwable t) {
        log(InternalLogLevel.WARN, t);
    }

    @Override
    public boolean isErrorEnabled() {
        return delegate.isErrorEnabled();
    }

    @Override
    public void error(String msg) {
        log(InternalLogLevel.ERROR, msg);
    }

    @Override
    public void error(String format, Object arg) {
        log(InternalLogLevel.ERROR, format, arg);
    }

    @Override
    public void error(String format, Object argA, Object argB) {
        log(InternalLogLevel.ERROR, format, argA, argB);
    }

    @Override
    public void error(String format, Object... arguments) {
        log(InternalLogLevel.ERROR, format, arguments);
    }

    @Override
    public void error(String msg, Throwable t) {
        log(InternalLogLevel.ERROR, msg, t);
    }

    @Override
    public void error(Throwable t) {
        log(InternalLogLevel.ERROR, t);
    }
}
