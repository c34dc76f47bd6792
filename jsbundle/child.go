package jsbundle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// Bundle builds an upload in a child process: esbuild's parser and printer recurse once
// per level of nesting (brackets, but also chains of operators such as !!!!x, a.a.a or
// a=a=a), and a source nested a million levels deep exhausts the stack of the goroutine
// that bundles it. Go cannot recover from a stack overflow, so in process such an
// upload would end the server. The child is this program itself, re-executed with
// childEnv set: package jsbundle's init serves the request and exits before main runs.

// childEnv, set to "1" in a process's environment, makes the process a bundler child:
// it reads one request from stdin, writes the answer to stdout and exits.
const childEnv = "SOBJECTS_JSBUNDLE_CHILD"

// ChildMaxStackBytes is the stack a bundler child may use: 256 MiB, about 30,000
// levels of nesting for esbuild, far beyond any real code, and the stack that a source
// nested deeper exhausts in well under a second.
const ChildMaxStackBytes = 256 << 20

// ChildTimeout bounds one bundler child's run: 30 seconds. Bundling an upload of the
// maximum size (abi.DefaultMaxUploadBytes) of ordinary code takes seconds; a source
// made to be slow (esbuild is quadratic in some constructs, e.g. a comma expression of
// 100,000 terms) holds one of the GOMAXPROCS child slots at most this long.
const ChildTimeout = 30 * time.Second

// childStderrBytes is how much of a failed child's stderr is kept for its error: the
// start, where the Go runtime says why it stopped.
const childStderrBytes = 4 << 10

// children bounds the bundler children running at once to the CPUs, so that many
// uploads at once cost at most that many children's memory.
var children = make(chan struct{}, runtime.GOMAXPROCS(0))

func init() {
	if os.Getenv(childEnv) == "1" {
		os.Exit(serveChild(os.Stdin, os.Stdout))
	}
}

// childRequest is what the parent writes to a child's stdin.
type childRequest struct {
	Name   string `json:"name"`
	Source []byte `json:"source"`
}

// childAnswer is what a child writes to its stdout: a project, a build error, or
// another error's text.
type childAnswer struct {
	Project *Project    `json:"project,omitempty"`
	Bundle  []byte      `json:"bundle,omitempty"` // Project.Bundle, which Project's JSON leaves out
	Build   *BuildError `json:"build,omitempty"`
	Err     string      `json:"err,omitempty"`
}

// serveChild bundles the request it reads from r and writes the answer to w; it returns
// the process's exit status.
func serveChild(r io.Reader, w io.Writer) int {
	debug.SetMaxStack(ChildMaxStackBytes)
	var req childRequest
	if err := json.NewDecoder(r).Decode(&req); err != nil {
		fmt.Fprintf(os.Stderr, "jsbundle child: request: %v\n", err)
		return 2
	}
	var a childAnswer
	p, err := bundleHere(req.Name, req.Source)
	var be *BuildError
	switch {
	case err == nil:
		a.Project, a.Bundle = p, p.Bundle
	case errors.As(err, &be):
		a.Build = be
	default:
		a.Err = err.Error()
	}
	if err := json.NewEncoder(w).Encode(&a); err != nil {
		fmt.Fprintf(os.Stderr, "jsbundle child: answer: %v\n", err)
		return 2
	}
	return 0
}

// errNoExecutable: the program cannot find its own executable to start a child.
var errNoExecutable = errors.New("cannot start the bundler: the program's executable is unknown")

// bundleInChild runs bundleHere(name, source) in a child process and returns its
// answer. A child that dies of a stack overflow is a *BuildError that names the file
// and, best effort, the line of the deepest brackets. When ctx ends, while it waits
// for a child slot or while its child runs, the child is killed and the error wraps
// ctx.Err().
func bundleInChild(ctx context.Context, name string, source []byte) (*Project, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("bundle %s: %w: %v", name, errNoExecutable, err)
	}
	req, err := json.Marshal(childRequest{Name: name, Source: source})
	if err != nil {
		return nil, fmt.Errorf("bundle %s: %w", name, err)
	}
	select {
	case children <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("bundle %s: waiting for a bundler slot: %w", name, ctx.Err())
	}
	defer func() { <-children }()
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, ChildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	cmd.WaitDelay = time.Second // once killed, its pipes are not waited on longer
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.Stdin = bytes.NewReader(req)
	var stdout bytes.Buffer
	stderr := &headBuffer{max: childStderrBytes}
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	runErr := cmd.Run()
	file := name + ".js"
	if runErr != nil {
		switch {
		case parent.Err() != nil:
			return nil, fmt.Errorf("bundle %s: %w", name, parent.Err())
		case strings.Contains(stderr.String(), "stack exceeds"):
			msg := Message{File: file, Text: "the module nests too deeply to bundle (brackets, or a chain of operators, tens of thousands of levels deep)"}
			var depth int
			if msg.Line, msg.Column, depth = deepestBracket(source); depth < placedDepth {
				msg.Line, msg.Column = 0, 0
				msg.File, msg.Text = "", file+": "+msg.Text
			}
			return nil, &BuildError{Project: name, Messages: []Message{msg}}
		case ctx.Err() != nil:
			return nil, &BuildError{Project: name, Messages: []Message{{File: file,
				Text: fmt.Sprintf("bundling took longer than %v", ChildTimeout)}}}
		}
		return nil, fmt.Errorf("bundle %s: the bundler child failed: %v: %s", name, runErr, firstLine(stderr.String()))
	}
	var a childAnswer
	if err := json.Unmarshal(stdout.Bytes(), &a); err != nil {
		return nil, fmt.Errorf("bundle %s: the bundler child's answer: %v", name, err)
	}
	switch {
	case a.Build != nil:
		return nil, a.Build
	case a.Err != "":
		return nil, errors.New(a.Err)
	case a.Project == nil:
		return nil, fmt.Errorf("bundle %s: the bundler child answered nothing", name)
	}
	a.Project.Bundle = a.Bundle
	return a.Project, nil
}

// headBuffer keeps the first max bytes written to it.
type headBuffer struct {
	max int
	b   []byte
}

func (h *headBuffer) Write(p []byte) (int, error) {
	if room := h.max - len(h.b); room > 0 {
		h.b = append(h.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (h *headBuffer) String() string { return string(h.b) }

// firstLine is the first non-empty line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// placedDepth is the bracket depth from which the deepest bracket is taken for the
// place of a source too deep to bundle: shallower brackets are not the cause.
const placedDepth = 1000

// deepestBracket returns the line and column (1-based, in bytes) of the bracket ((, [
// or {) at which src nests deepest, and that depth, skipping strings, template text and
// comments; 0, 0, 0 when src has no brackets. Best effort (a regular expression literal
// counts as code), for an error's place only.
func deepestBracket(src []byte) (line, column, depth int) {
	best := 0
	ln, lineStart := 1, 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			ln, lineStart = ln+1, i+1
		case c == '"' || c == '\'' || c == '`':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' && i+1 < len(src) {
					i++ // an escape; an escaped newline continues the string on the next line
				}
				if src[i] == '\n' {
					ln, lineStart = ln+1, i+1
				}
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			i--
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			for i += 2; i+1 < len(src) && (src[i] != '*' || src[i+1] != '/'); i++ {
				if src[i] == '\n' {
					ln, lineStart = ln+1, i+1
				}
			}
			i++
		case c == '(' || c == '[' || c == '{':
			if depth++; depth > best {
				best, line, column = depth, ln, i-lineStart+1
			}
		case c == ')' || c == ']' || c == '}':
			depth = max(depth-1, 0)
		}
	}
	return line, column, best
}
