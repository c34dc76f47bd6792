package host

import (
	"context"
	"fmt"
	"log/slog"
	"time"
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"

	"github.com/sobjects/sobjects/host/internal/js"
)

// What a plugin logs (the log host function, console.log, Extism's log) is bounded so
// that no call fills the server's log (ABI.md section 9): a message is cut to
// abi.MaxLogMessageBytes, one call logs at most abi.MaxLogBytesPerCall of messages, and
// one object at most abi.LogBytesPerSecond on average, in bursts of up to
// abi.LogBurstBytes (a token bucket over bytes). What does not fit is dropped and told
// by one line at the end of the call: "dropped N log messages (M bytes)".

// logTruncated ends a message cut to abi.MaxLogMessageBytes.
const logTruncated = "… [truncated %d bytes]"

// callLog is the log budget of one call.
type callLog struct {
	logged       int // bytes of messages logged
	dropped      int // messages dropped
	droppedBytes int // their bytes, before any cut
}

// logBucket is an object's token bucket of log bytes. The zero value is full.
type logBucket struct {
	tokens float64   // bytes it may log now, up to abi.LogBurstBytes
	last   time.Time // when tokens was computed; zero: never (full)
}

// take reports whether n bytes may be logged at now, and takes them if so.
func (b *logBucket) take(n int, now time.Time) bool {
	if b.last.IsZero() {
		b.tokens = abi.LogBurstBytes
	} else if d := now.Sub(b.last); d > 0 {
		b.tokens = min(abi.LogBurstBytes, b.tokens+d.Seconds()*abi.LogBytesPerSecond)
	}
	b.last = now
	if float64(n) > b.tokens {
		return false
	}
	b.tokens -= float64(n)
	return true
}

// allow is take at the present time.
func (b *logBucket) allow(n int) bool { return b.take(n, time.Now()) }

// cutLogMessage returns msg cut to abi.MaxLogMessageBytes (at a UTF-8 boundary, the
// marker included) or msg itself when it fits.
func cutLogMessage(msg []byte) []byte {
	if len(msg) <= abi.MaxLogMessageBytes {
		return msg
	}
	marker := fmt.Sprintf(logTruncated, len(msg))
	n := abi.MaxLogMessageBytes - len(marker)
	for n > 0 && !utf8.RuneStart(msg[n]) {
		n--
	}
	return append(msg[:n:n], marker...)
}

// Log logs msg at level for the call, within the limits above.
func (env *callEnv) Log(level int32, msg []byte) {
	o := env.obj
	cut := cutLogMessage(msg)
	if env.log.logged+len(cut) > abi.MaxLogBytesPerCall || !o.logBucket.allow(len(cut)) {
		env.log.dropped++
		env.log.droppedBytes += len(msg)
		return
	}
	env.log.logged += len(cut)
	o.e.log.Log(env.ctx, logLevel(level), string(cut), "class", o.class, "object", o.name)
}

// endLog logs what the call's messages lost, if anything.
func (env *callEnv) endLog() {
	if env.log.dropped == 0 {
		return
	}
	o := env.obj
	o.e.log.LogAttrs(context.Background(), slog.LevelWarn,
		fmt.Sprintf("dropped %d log messages (%d bytes)", env.log.dropped, env.log.droppedBytes),
		slog.String("class", o.class), slog.String("object", o.name))
	env.log = callLog{}
}

// logLevel maps the levels of the log host function (ABI.md 4.2) to slog's.
func logLevel(level int32) slog.Level {
	switch level {
	case 0:
		return slog.LevelDebug
	case 2:
		return slog.LevelWarn
	case 3:
		return slog.LevelError
	}
	return slog.LevelInfo
}

// instanceLog returns what makes the log of a plugin instance of class for object
// (Extism's own log functions): each message cut to abi.MaxLogMessageBytes and rate
// limited per instance as the host function log is, without the call's count.
func instanceLog(log *slog.Logger) func(class, object string) func(ctx context.Context, level slog.Level, msg string) {
	return func(class, object string) func(ctx context.Context, level slog.Level, msg string) {
		var bucket logBucket
		return func(ctx context.Context, level slog.Level, msg string) {
			cut := cutLogMessage([]byte(msg))
			if bucket.allow(len(cut)) {
				log.Log(ctx, level, string(cut), "class", class, "object", object)
			}
		}
	}
}

// topLevelLog logs what a JavaScript bundle's top level logs, outside any call (once
// per deploy or instance): each message cut as in a call, not counted.
func topLevelLog(log *slog.Logger) js.TopLevelLog {
	return func(ctx context.Context, class string, level int32, msg []byte) {
		log.Log(ctx, logLevel(level), string(cutLogMessage(msg)), "class", class)
	}
}
