package jsbundle

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
)

// An upload esbuild cannot parse without exhausting its stack — a million nested
// brackets, a chain of a million operators — fails its build with a *BuildError that
// names the file (and, for brackets, the line of the deepest one), instead of ending
// the process; the next upload bundles as before.
func TestBundleOfADeeplyNestedSourceFails(t *testing.T) {
	const levels = 1_000_000
	for _, tc := range []struct {
		name, src string
		place     string // the start of the message's String
	}{
		{"brackets", "export class A {}\nexport default " + strings.Repeat("[", levels) + strings.Repeat("]", levels) + ";\n",
			"x.js:2:"},
		{"prefix operators", "export default " + strings.Repeat("!", levels) + "1;\n", "x.js: "},
		{"member chain", "let a = {};\nexport default a" + strings.Repeat(".a", levels) + ";\n", "x.js: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Bundle("x", []byte(tc.src))
			var be *BuildError
			if !errors.As(err, &be) || len(be.Messages) != 1 {
				t.Fatalf("got %v, want a *BuildError", err)
			}
			msg := be.Messages[0].String()
			if !strings.HasPrefix(msg, tc.place) || !strings.Contains(msg, "nests too deeply to bundle") {
				t.Fatalf("message %q, want it to start %q and say the module nests too deeply", msg, tc.place)
			}
		})
	}
	p, err := Bundle("counter", []byte(`import { DurableObject } from "cloudflare:workers";
export class Counter extends DurableObject { get() { return [[[1]]]; } }`))
	if err != nil || !IsBundle(p.Bundle) || strings.Join(p.Classes, ",") != "Counter" {
		t.Fatalf("an ordinary upload after them: %+v %v", p, err)
	}
}

// deepestBracket names the line and column of the deepest bracket, ignoring brackets
// in strings, template text and comments.
func TestDeepestBracket(t *testing.T) {
	for _, tc := range []struct {
		src                 string
		line, column, depth int
	}{
		{"", 0, 0, 0},
		{"a + b", 0, 0, 0},
		{"f(x)\n  g([{}])", 2, 6, 3},
		{"'(((('; \"[[[[\"; `{{{{`; // ((((\n/* [[[[\n */ (x)", 3, 5, 1},
		{"`a\n${b}` + (\n(1))", 3, 1, 2},
		{"))) ((", 1, 6, 2},
		{"\"\\\n\"(", 2, 2, 1}, // a line continuation in a string: found by FuzzDeepestBracket
	} {
		line, column, depth := deepestBracket([]byte(tc.src))
		if line != tc.line || column != tc.column || depth != tc.depth {
			t.Errorf("deepestBracket(%q) = %d:%d depth %d, want %d:%d depth %d", tc.src, line, column, depth, tc.line, tc.column, tc.depth)
		}
	}
}

// FuzzDeepestBracket: whatever the source, deepestBracket returns a place inside it, or
// none when it finds no bracket.
func FuzzDeepestBracket(f *testing.F) {
	f.Add([]byte("f(x)\n  g([{}])"))
	f.Add([]byte("'(((('; \"[[[[\"; `{{{{`; // ((((\n/* [[[[\n */ (x)"))
	f.Add([]byte("\"unterminated \\"))
	f.Add([]byte("/* unterminated *"))
	f.Fuzz(func(t *testing.T, src []byte) {
		line, column, depth := deepestBracket(src)
		if depth == 0 {
			if line != 0 || column != 0 {
				t.Fatalf("no bracket, but place %d:%d", line, column)
			}
			return
		}
		lines := bytes.Split(src, []byte("\n"))
		if line < 1 || line > len(lines) || column < 1 || column > len(lines[line-1]) {
			t.Fatalf("place %d:%d outside the source", line, column)
		}
		if c := lines[line-1][column-1]; c != '(' && c != '[' && c != '{' {
			t.Fatalf("place %d:%d is %q, not a bracket", line, column, c)
		}
	})
}

// A bundle whose context ends while its child runs — an upload whose client has gone —
// kills the child and frees its slot, and fails with the context's error; the next
// bundle runs. The source keeps esbuild busy far longer than the test (a comma
// expression of 100,000 terms, over which esbuild is quadratic).
func TestBundleEndsWithItsContext(t *testing.T) {
	slow := []byte("export default { fetch() { return (" + strings.Repeat("1,", 100_000) + "1); } };\n")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := BundleContext(ctx, "slow", slow)
		done <- err
	}()
	for len(children) == 0 {
		select {
		case err := <-done:
			t.Fatalf("the slow bundle ended before it was cancelled: %v", err)
		default:
		}
		runtime.Gosched()
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if n := len(children); n != 0 {
		t.Fatalf("%d bundler slots still taken after the cancelled bundle returned", n)
	}
	if _, err := Bundle("tiny", []byte("export default { fetch() { return 1; } };\n")); err != nil {
		t.Fatalf("a bundle after it: %v", err)
	}
}

// A bundle waiting for a child slot stops waiting when its context ends.
func TestBundleWaitingForASlotEndsWithItsContext(t *testing.T) {
	for range cap(children) {
		children <- struct{}{}
	}
	defer func() {
		for range cap(children) {
			<-children
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := BundleContext(ctx, "tiny", []byte("export default {};\n"))
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}
