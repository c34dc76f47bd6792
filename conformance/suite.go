package conformance

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The conformance suite: Workers projects (fixtures, under fixtures/), the cases that
// send them requests, and the targets that serve them (Cloudflare's workerd, the
// reference, and sobjects in each of its modes). A case passes on a target when the
// reference passes its check, and the target both passes the check and observes what
// the reference observed (modulo what the case says may differ).

// Request is one HTTP request a case sends to its fixture's Worker. Path is below the
// target's base URL and starts with "/"; Body is sent as is.
type Request struct {
	Method  string            `json:"method"`
	Path    string            `json:"path"`
	Headers map[string]string `json:"headers,omitempty"`
	Body    string            `json:"body,omitempty"`
	// Keep names the response headers (lowercase) the observation records; the others
	// differ between runtimes for reasons no user relies on (date, server, cf-ray).
	Keep []string `json:"-"`
}

// Response is what one Request observed: the status, the headers its Request kept,
// and the body, decoded as JSON when the response says application/json (any JSON
// value), else the body as text (a string; bytes that are not UTF-8 are written
// \ufffd, so a binary body is best answered as hex or base64 by the fixture).
type Response struct {
	Status  int               `json:"status"`
	Headers map[string]string `json:"headers,omitempty"`
	Body    any               `json:"body"`
}

// Observation is what a case saw, one Response per Request in order.
type Observation []Response

// Case is one check of documented Cloudflare behaviour.
type Case struct {
	// Name is "area/what", unique; the area (kv, sql, transactions, alarms, gates,
	// rpc, http, webapi, websocket, ids, errors, examples, nodejs) is a column of the
	// README table.
	Name string
	// Fixture is the project it runs against: a folder under conformance/fixtures.
	Fixture string
	// Doc is the rule the check takes from Cloudflare's documentation and the page
	// that states it (a developers.cloudflare.com URL), or, where the docs are silent,
	// "workerd:" and what workerd does.
	Doc string
	// Steps are the requests, sent one after another. A step's Path may hold {obj},
	// replaced with an object name of the case's own (so that cases sharing a fixture
	// never share an object), {run}, replaced with a string unique to the run, and
	// {upstream}, the origin of a local HTTP server the fixture may fetch (upstream.go).
	Steps []Request
	// Between, when set, runs after the step of that index (0-based) and before the
	// next: a restart or kill of the target (recovery cases).
	Between map[int]Action
	// Check says why o is not what Cloudflare documents, or nil when it is.
	Check func(o Observation) error
	// Wrong is an observation Check must reject: a test of the check itself, run
	// without any engine (TestCasesRejectTheirWrongObservation).
	Wrong Observation
	// MayDiffer lists the JSON paths of the observation that may differ from the
	// reference's ("0.body.id": the body of the first response, its field id;
	// "1.headers.date"; "*" for a whole observation that is only checked), compared
	// with the reference's only in kind (both present, or both absent).
	MayDiffer []string
}

// Action is a lifecycle event a target applies between two steps of a case.
type Action int

const (
	// Restart stops the target gracefully and starts it again on the same data.
	Restart Action = iota + 1
	// Kill9 kills the target's process with SIGKILL and starts it again on the same
	// data.
	Kill9
	// LoseDisk kills the target with SIGKILL, deletes its local data, and starts it
	// again: only a target with durable backups can then answer as before; the
	// others report ErrUnsupported and the case is skipped on them.
	LoseDisk
)

func (a Action) String() string {
	switch a {
	case Restart:
		return "restart"
	case Kill9:
		return "kill -9"
	case LoseDisk:
		return "disk loss"
	}
	return fmt.Sprintf("Action(%d)", int(a))
}

// cases is every case of the suite, in the order they run; the files cases_*.go add
// theirs with register.
var cases []Case

// register adds cs to the suite; it returns nothing useful, so that a file can call it
// as `var _ = register(...)`.
func register(cs ...Case) struct{} {
	cases = append(cases, cs...)
	return struct{}{}
}

// area is the first segment of a case's name.
func (c Case) area() string {
	a, _, _ := strings.Cut(c.Name, "/")
	return a
}

// String is o as compact JSON, for failure messages.
func (o Observation) String() string {
	b, err := json.Marshal(o)
	if err != nil {
		return fmt.Sprintf("%#v", []Response(o))
	}
	return string(b)
}
