package conformance

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// requestTimeout bounds one request of a case.
const requestTimeout = 30 * time.Second

// client sends the cases' requests. It follows no redirects: a case observes what the
// Worker answered.
var client = &http.Client{
	Timeout: requestTimeout,
	CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	},
}

// objectName is the object name {obj} stands for in case c's paths during the run
// whose token is run: the case's name in [a-z0-9-], cut to 40 characters, and a hash
// of the name and the run, so that no two cases share an object and no run reuses an
// object of an earlier one on the same data.
func objectName(c, run string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(c) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 40 {
			break
		}
	}
	h := sha256.Sum256([]byte(c + "\x00" + run))
	return strings.TrimSuffix(b.String(), "-") + "-" + hex.EncodeToString(h[:4])
}

// expand replaces {obj} and {run} in s, and {upstream} with the upstream's origin
// (upstream.go), which it starts.
func expand(s, obj, run string) string {
	if strings.Contains(s, "{upstream}") {
		s = strings.ReplaceAll(s, "{upstream}", upstreamURL())
	}
	return strings.NewReplacer("{obj}", obj, "{run}", run).Replace(s)
}

// runCase sends c's steps to d, applying c's Between actions, and returns what they
// observed. An error is a request that got no answer or an action that failed;
// ErrUnsupported (wrapped) when d cannot apply an action the case needs.
func runCase(ctx context.Context, d *Deployment, c Case, run string) (Observation, error) {
	obj := objectName(c.Name, run)
	var o Observation
	for i, s := range c.Steps {
		r, err := send(ctx, d.URL(), s, obj, run)
		if err != nil {
			return o, fmt.Errorf("step %d (%s %s): %w", i, cmp.Or(s.Method, "GET"), s.Path, err)
		}
		o = append(o, r)
		if a, ok := c.Between[i]; ok {
			if err := d.Apply(ctx, a); err != nil {
				return o, fmt.Errorf("after step %d: %v: %w", i, a, err)
			}
		}
	}
	return o, nil
}

// send sends one step to the base URL and observes its answer.
func send(ctx context.Context, base string, s Request, obj, run string) (Response, error) {
	var body io.Reader
	if s.Body != "" {
		body = strings.NewReader(expand(s.Body, obj, run))
	}
	req, err := http.NewRequestWithContext(ctx, cmp.Or(s.Method, http.MethodGet), base+expand(s.Path, obj, run), body)
	if err != nil {
		return Response{}, err
	}
	for k, v := range s.Headers {
		req.Header.Set(k, expand(v, obj, run))
	}
	resp, err := client.Do(req)
	if err != nil {
		return Response{}, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return Response{}, fmt.Errorf("reading the body: %w", err)
	}
	return observe(resp.StatusCode, resp.Header, raw, s.Keep), nil
}

// observe is the Response a case records of an answer: the status, the headers keep
// names (lowercase; several values joined with ", "), and the body, decoded when the
// content type is application/json (a body that does not decode stays text), else
// text with bytes that are not UTF-8 written \ufffd.
func observe(status int, h http.Header, raw []byte, keep []string) Response {
	r := Response{Status: status}
	for _, k := range keep {
		if vs := h.Values(k); len(vs) > 0 {
			if r.Headers == nil {
				r.Headers = map[string]string{}
			}
			r.Headers[strings.ToLower(k)] = strings.Join(vs, ", ")
		}
	}
	text := string(raw)
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, "\ufffd")
	}
	r.Body = text
	if mt, _, err := mime.ParseMediaType(h.Get("Content-Type")); err == nil && mt == "application/json" {
		var v any
		if err := json.Unmarshal(raw, &v); err == nil {
			r.Body = v
		}
	}
	return r
}

// compareObservations says how got differs from ref, the reference's observation of
// the same case, or nil when it does not: the same values at every path, except at the
// paths mayDiffer lists (and below them), which need only be present in both or absent
// in both. A path is dot-separated: response index, then status, headers or body, then
// keys and array indexes ("0.body.id", "1.headers.date"); a segment "*" matches any
// one segment, and "*" alone matches everything (an observation that is only checked).
func compareObservations(ref, got Observation, mayDiffer []string) error {
	a, err := asJSON(ref)
	if err != nil {
		return err
	}
	b, err := asJSON(got)
	if err != nil {
		return err
	}
	var pats [][]string
	for _, p := range mayDiffer {
		pats = append(pats, strings.Split(p, "."))
	}
	return diff(nil, a, b, pats)
}

// asJSON is o as the values encoding/json decodes (maps, slices, float64, ...).
func asJSON(o Observation) (any, error) {
	raw, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	var v any
	err = json.Unmarshal(raw, &v)
	return v, err
}

// mayDiffer says whether path is at or below one of pats.
func mayDiffer(path []string, pats [][]string) bool {
	for _, p := range pats {
		if len(p) > len(path) {
			continue
		}
		match := true
		for i, seg := range p {
			if seg != "*" && seg != path[i] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

func diff(path []string, ref, got any, pats [][]string) error {
	if mayDiffer(path, pats) {
		return nil
	}
	where := strings.Join(path, ".")
	if where == "" {
		where = "the observation"
	}
	switch r := ref.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: %s, the reference observed %s", where, short(got), short(ref))
		}
		keys := make([]string, 0, len(r)+len(g))
		for k := range r {
			keys = append(keys, k)
		}
		for k := range g {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range slices.Compact(keys) {
			p := append(slices.Clip(path), k)
			rv, rok := r[k]
			gv, gok := g[k]
			if rok != gok {
				if rok {
					return fmt.Errorf("%s: missing, the reference observed %s", strings.Join(p, "."), short(rv))
				}
				return fmt.Errorf("%s: %s, which the reference did not observe", strings.Join(p, "."), short(gv))
			}
			if err := diff(p, rv, gv, pats); err != nil {
				return err
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(r) {
			return fmt.Errorf("%s: %s, the reference observed %s", where, short(got), short(ref))
		}
		for i := range r {
			if err := diff(append(slices.Clip(path), strconv.Itoa(i)), r[i], g[i], pats); err != nil {
				return err
			}
		}
		return nil
	}
	if !reflect.DeepEqual(ref, got) {
		return fmt.Errorf("%s: %s, the reference observed %s", where, short(got), short(ref))
	}
	return nil
}

// Outcome is how one case went on one target.
type Outcome struct {
	// Passed: the check passed and, on a target other than the reference, the
	// observation agreed with the reference's.
	Passed bool
	// Skipped: the target cannot apply an action the case needs (Reason says which).
	Skipped bool
	// RefFailed: the case fails on the reference, so it says nothing of this target
	// (a bug in the case, reported on the reference).
	RefFailed bool
	// Reason says why the case did not pass, or was skipped.
	Reason string
}

// refResult is the reference's run of a case, for judge.
type refResult struct {
	obs Observation
	err error // nil, or why the run or the check failed
}

// judge is the outcome of case c on a target that observed o (err: the run failed)
// given the reference's run of it (nil when there is no reference, or when it cannot
// run the case: then only c's check applies). isRef says the target is the reference.
func judge(c Case, o Observation, err error, ref *refResult, isRef bool) Outcome {
	if errors.Is(err, ErrUnsupported) {
		return Outcome{Skipped: true, Reason: err.Error()}
	}
	if !isRef && ref != nil && ref.err != nil {
		return Outcome{RefFailed: true, Reason: "fails on the reference (workerd), a bug in the case: " + ref.err.Error()}
	}
	if err != nil {
		return Outcome{Reason: err.Error()}
	}
	if err := c.Check(o); err != nil {
		return Outcome{Reason: fmt.Sprintf("check: %v; observed %v", err, o)}
	}
	if !isRef && ref != nil {
		if err := compareObservations(ref.obs, o, c.MayDiffer); err != nil {
			return Outcome{Reason: fmt.Sprintf("differs from the reference: %v; observed %v; the reference observed %v", err, o, ref.obs)}
		}
	}
	return Outcome{Passed: true}
}
