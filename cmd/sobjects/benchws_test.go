package main

import (
	"strings"
	"testing"
)

// TestBenchWSFlags: options bench-ws cannot run are refused with exit 2 and a hint.
func TestBenchWSFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench-ws", "--mode", "echo"}, `mode "echo": want broadcast or wake`},
		{[]string{"bench-ws", "--room-url", "http://127.0.0.1:1/chat"}, "has no {room}"},
		{[]string{"bench-ws", "--mode", "wake", "--clients", "10", "--rooms", "20"}, "10 clients over 20 rooms"},
	} {
		code, out := cli(t, t.TempDir(), tc.args...)
		if code != 2 || !strings.Contains(out, tc.want) || !strings.Contains(out, "see sobjects bench-ws --help") {
			t.Errorf("%v: exit %d, want 2 and %q:\n%s", tc.args, code, tc.want, out)
		}
	}
}
