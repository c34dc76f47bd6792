package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"
)

const jsLogs = `
class Logs extends DurableObject {
  // n messages of size bytes each ("m" repeated).
  spam(a) { const m = "m".repeat(a.size); for (let i = 0; i < a.n; i++) console.log(m); return a.n; }
  big(n) { console.log("é".repeat(n)); return 1; }
  quiet() { console.log("hello"); return 1; }
}
return { Logs };`

type logLine struct {
	Msg    string `json:"msg"`
	Level  string `json:"level"`
	Object string `json:"object"`
}

func logLines(t *testing.T, w *syncWriter) []logLine {
	t.Helper()
	var lines []logLine
	for _, l := range strings.Split(strings.TrimSpace(w.String()), "\n") {
		if l == "" {
			continue
		}
		var x logLine
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		lines = append(lines, x)
	}
	return lines
}

func logEngine(t *testing.T) (*Engine, *syncWriter) {
	t.Helper()
	w := &syncWriter{}
	e := newEngine(t, Options{Logger: slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	deployJS(t, e, "Logs", jsBundle("", jsLogs))
	return e, w
}

// One call logs at most abi.MaxLogBytesPerCall of messages; the rest is dropped and
// told in one line at the end of the call.
func TestLogPerCallIsBoundedAndDropsAreCounted(t *testing.T) {
	e, w := logEngine(t)
	const n, size = 10000, 100
	jsMust(t, e, "Logs", "a", "spam", fmt.Sprintf(`{"n":%d,"size":%d}`, n, size))
	logged, bytes := 0, 0
	var summary []string
	for _, l := range logLines(t, w) {
		switch {
		case l.Msg == strings.Repeat("m", size):
			logged++
			bytes += len(l.Msg)
		case strings.HasPrefix(l.Msg, "dropped "):
			summary = append(summary, l.Msg)
		}
	}
	if bytes > abi.MaxLogBytesPerCall {
		t.Errorf("one call logged %d bytes of messages, over the limit of %d", bytes, abi.MaxLogBytesPerCall)
	}
	if logged == 0 {
		t.Fatal("nothing logged")
	}
	want := fmt.Sprintf("dropped %d log messages (%d bytes)", n-logged, (n-logged)*size)
	if len(summary) != 1 || summary[0] != want {
		t.Errorf("summary lines %q, want one: %q", summary, want)
	}
	// The next call of the object logs again (the limit is per call; its bytes are
	// within the object's burst).
	w.mu.Lock()
	w.buf.Reset()
	w.mu.Unlock()
	jsMust(t, e, "Logs", "a", "quiet", "")
	if lines := logLines(t, w); len(lines) != 1 || lines[0].Msg != "hello" {
		t.Errorf("the next call's log: %+v, want its one message", lines)
	}
}

// A message over abi.MaxLogMessageBytes is cut, at a character boundary, with a marker
// saying how long it was.
func TestLogLongMessageIsCut(t *testing.T) {
	e, w := logEngine(t)
	const n = 100000 // "é" is 2 bytes
	jsMust(t, e, "Logs", "b", "big", fmt.Sprint(n))
	lines := logLines(t, w)
	if len(lines) != 1 {
		t.Fatalf("log lines: %d, want 1", len(lines))
	}
	msg := lines[0].Msg
	if len(msg) > abi.MaxLogMessageBytes || !utf8.ValidString(msg) {
		t.Errorf("a message of %d bytes was logged as %d bytes (valid UTF-8: %v), want at most %d", 2*n, len(msg), utf8.ValidString(msg), abi.MaxLogMessageBytes)
	}
	if !strings.HasSuffix(msg, fmt.Sprintf("[truncated %d bytes]", 2*n)) || !strings.HasPrefix(msg, "éé") {
		t.Errorf("cut message ends %q, want the marker", msg[max(0, len(msg)-40):])
	}
}

// An object logs at most abi.LogBurstBytes plus abi.LogBytesPerSecond for the time
// that passed, over any number of calls.
func TestLogRatePerObjectIsBounded(t *testing.T) {
	e, w := logEngine(t)
	const calls, size = 12, 1000
	per := abi.MaxLogBytesPerCall / size
	start := time.Now()
	for range calls {
		jsMust(t, e, "Logs", "c", "spam", fmt.Sprintf(`{"n":%d,"size":%d}`, per, size))
	}
	elapsed := time.Since(start)
	bytes := 0
	for _, l := range logLines(t, w) {
		if l.Msg == strings.Repeat("m", size) {
			bytes += len(l.Msg)
		}
	}
	limit := abi.LogBurstBytes + int(elapsed.Seconds()*abi.LogBytesPerSecond) + size
	if bytes > limit {
		t.Errorf("%d calls in %s logged %d bytes, over the object's rate (at most %d)", calls, elapsed, bytes, limit)
	}
	// Another object has its own bucket.
	w.mu.Lock()
	w.buf.Reset()
	w.mu.Unlock()
	jsMust(t, e, "Logs", "d", "quiet", "")
	if lines := logLines(t, w); len(lines) != 1 || lines[0].Msg != "hello" || lines[0].Object != "d" {
		t.Errorf("another object's log: %+v, want its one message", lines)
	}
}

func TestLogBucketRefillsAtItsRate(t *testing.T) {
	var b logBucket
	t0 := time.Unix(1000, 0)
	if !b.take(abi.LogBurstBytes, t0) {
		t.Fatal("a fresh bucket refused its burst")
	}
	if b.take(1, t0) {
		t.Fatal("an empty bucket gave a byte")
	}
	if b.take(abi.LogBytesPerSecond+1, t0.Add(time.Second)) {
		t.Fatal("a bucket gave more than its rate after one second")
	}
	if !b.take(abi.LogBytesPerSecond, t0.Add(time.Second)) {
		t.Fatal("a bucket refused its rate after one second")
	}
	if !b.take(abi.LogBurstBytes, t0.Add(time.Hour)) || b.take(1, t0.Add(time.Hour)) {
		t.Fatal("a bucket refilled beyond its burst")
	}
}

// syncWriter is an io.Writer for a slog handler, safe to read after the calls.
type syncWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
