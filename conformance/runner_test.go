package conformance

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sobjects/sobjects/internal/testbucket"
)

// referenceName is the target every other one is compared with.
const referenceName = "workerd"

// targetNames are all the targets, the reference first.
func targetNames() []string {
	names := []string{referenceName}
	for _, m := range SobjectsModes {
		names = append(names, m.Name)
	}
	return names
}

// TestConformance runs every case on every target found (SOBJECTS_CONFORMANCE_TARGETS
// picks some: workerd,sobjects-t1-fsync), as subtests TestConformance/<target>/<case>:
// each fixture deployed once per target, its cases in order, the reference (workerd)
// first, then the sobjects targets two at a time (-parallel). A case passes on a
// target when the reference passes its check and the target passes the check and
// observes what the reference observed, modulo the case's MayDiffer. The run fails on
// a failure that conformance/expected/ does not list, and on a listed case that
// passes; SOBJECTS_CONFORMANCE_WRITE=1 rewrites those files and the README table
// instead.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("starts workerd and sobjects servers; skipped with -short")
	}
	begin := time.Now()
	write := os.Getenv("SOBJECTS_CONFORMANCE_WRITE") == "1"
	exp, err := ReadExpectations("expected")
	if err != nil {
		t.Fatal(err)
	}
	targets := conformanceTargets(t)
	m := &matrix{
		run:     randomToken(t),
		root:    t.TempDir(),
		results: map[string]map[string]Outcome{},
		ref:     map[string]*refResult{},
		refDeps: map[string]*fixtureDeployment{},
	}
	for _, pt := range targets {
		if pt.name == referenceName {
			m.reference = pt.target(t)
		}
	}
	if m.reference == nil {
		t.Logf("no reference: the sobjects targets are checked against each case's check only, not against what workerd observes")
	}
	t.Cleanup(func() {
		m.stopReference(t)
		for _, p := range exp.Problems(cases, targetNames(), referenceName) {
			if !write {
				t.Error(p)
			}
		}
		if write {
			writeResults(t, exp, m.results)
		}
		m.summary(t, exp, time.Since(begin))
	})
	for _, pt := range targets {
		t.Run(pt.name, func(t *testing.T) {
			if pt.name != referenceName {
				t.Parallel() // after the reference, which the others compare with
			}
			tg := pt.target(t)
			for _, f := range fixtureNames(cases) {
				fd := &fixtureDeployment{target: tg, fixture: f, m: m}
				t.Cleanup(func() { fd.stop(t) }) // when a case ends the subtest early
				for _, c := range cases {
					if c.Fixture != f {
						continue
					}
					t.Run(c.Name, func(t *testing.T) {
						o := m.runOn(t, fd, c)
						m.record(tg.Name, c.Name, o)
						m.report(t, exp, tg.Name, c.Name, o, write)
					})
				}
				fd.stop(t)
			}
		})
	}
}

// matrix is the state of one TestConformance run.
type matrix struct {
	run       string // the {run} token
	root      string // the work folders of the deployments
	reference *Target

	mu      sync.Mutex
	results map[string]map[string]Outcome // by target, then case
	ref     map[string]*refResult         // the reference's runs, by case
	refDeps map[string]*fixtureDeployment // the reference's, by fixture, for cases its subtest did not run
}

// fixtureDeployment is one fixture on one target, deployed at its first case.
type fixtureDeployment struct {
	target  *Target
	fixture string
	m       *matrix
	tried   bool
	dep     *Deployment
	err     error
}

func (fd *fixtureDeployment) get() (*Deployment, error) {
	if fd.tried {
		return fd.dep, fd.err
	}
	fd.tried = true
	dir, err := filepath.Abs(filepath.Join("fixtures", fd.fixture))
	if err != nil {
		fd.err = err
		return nil, err
	}
	work := filepath.Join(fd.m.root, fd.target.Name+"-"+fd.fixture)
	if err := os.MkdirAll(work, 0o755); err != nil {
		fd.err = err
		return nil, err
	}
	fd.dep, fd.err = fd.target.Deploy(context.Background(), dir, work)
	if fd.err != nil {
		fd.err = fmt.Errorf("deploying %s: %w", fd.fixture, fd.err)
	}
	return fd.dep, fd.err
}

func (fd *fixtureDeployment) stop(t *testing.T) {
	if fd.dep == nil {
		return
	}
	if err := fd.dep.Stop(); err != nil {
		t.Errorf("%s: stopping %s: %v", fd.target.Name, fd.fixture, err)
	}
	fd.dep = nil
}

// runOn runs c on fd's target and judges it.
func (m *matrix) runOn(t *testing.T, fd *fixtureDeployment, c Case) Outcome {
	o, err := m.observe(fd, c)
	if fd.target == m.reference {
		out := judge(c, o, err, nil, true)
		m.mu.Lock()
		m.ref[c.Name] = refOf(o, err, out)
		m.mu.Unlock()
		return out
	}
	return judge(c, o, err, m.referenceRun(t, c), false)
}

// observe runs c on fd, deploying it first when c is the first case to need it.
func (m *matrix) observe(fd *fixtureDeployment, c Case) (Observation, error) {
	d, err := fd.get()
	if err != nil {
		return nil, err
	}
	o, err := runCase(context.Background(), d, c, m.run)
	if err != nil && !errors.Is(err, ErrUnsupported) {
		err = fmt.Errorf("%w\n%s's output ends:\n%s", err, fd.target.Name, d.Log())
	}
	return o, err
}

// referenceRun is the reference's run of c: the one its subtest made, or, when that
// subtest did not run (-run picked only other targets), one made now; nil when there
// is no reference or it cannot run c (then only c's check applies).
func (m *matrix) referenceRun(t *testing.T, c Case) *refResult {
	if m.reference == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.ref[c.Name]
	if !ok {
		fd := m.refDeps[c.Fixture]
		if fd == nil {
			fd = &fixtureDeployment{target: m.reference, fixture: c.Fixture, m: m}
			m.refDeps[c.Fixture] = fd
		}
		o, err := m.observe(fd, c)
		r = refOf(o, err, judge(c, o, err, nil, true))
		m.ref[c.Name] = r
		t.Logf("ran the reference's %s for this comparison", c.Name)
	}
	if errors.Is(r.err, ErrUnsupported) {
		return nil
	}
	return r
}

func refOf(o Observation, err error, out Outcome) *refResult {
	if errors.Is(err, ErrUnsupported) {
		return &refResult{obs: o, err: err}
	}
	if !out.Passed {
		return &refResult{obs: o, err: errors.New(out.Reason)}
	}
	return &refResult{obs: o}
}

func (m *matrix) stopReference(t *testing.T) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, fd := range m.refDeps {
		fd.stop(t)
	}
}

// summary logs how many cases passed, failed (and of those how many as expected/
// says) and were skipped on each target, and the wall time of the run.
func (m *matrix) summary(t *testing.T, exp Expectations, took time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var parts []string
	for _, name := range targetNames() {
		r, ok := m.results[name]
		if !ok {
			continue
		}
		var passed, failed, listed, skipped int
		for c, o := range r {
			switch {
			case o.Passed:
				passed++
			case o.Skipped:
				skipped++
			default:
				failed++
				if _, _, ok := exp.Expected(name, c); ok {
					listed++
				}
			}
		}
		parts = append(parts, fmt.Sprintf("%s %d passed, %d failed (%d of them listed in expected/), %d skipped", name, passed, failed, listed, skipped))
	}
	ref := ""
	if m.reference == nil {
		ref = " (no reference: not compared with workerd)"
	}
	t.Logf("conformance: %d cases; %s%s; in %v", len(cases), strings.Join(parts, "; "), ref, took.Round(100*time.Millisecond))
}

func (m *matrix) record(target, c string, o Outcome) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.results[target] == nil {
		m.results[target] = map[string]Outcome{}
	}
	m.results[target][c] = o
}

// report fails, skips or passes the subtest of case c on target.
func (m *matrix) report(t *testing.T, exp Expectations, target, c string, o Outcome, write bool) {
	switch {
	case o.Skipped:
		t.Skip(o.Reason)
	case o.RefFailed:
		t.Error(o.Reason)
		return
	}
	if err := exp.Verdict(target, c, o); err != nil {
		if write && target != referenceName {
			t.Logf("%v (SOBJECTS_CONFORMANCE_WRITE=1: the expectation files are rewritten)", err)
			return
		}
		t.Error(err)
		return
	}
	if !o.Passed {
		cause, file, _ := exp.Expected(target, c)
		t.Skipf("fails as expected/%s.json says (%s): %s", file, cause, o.Reason)
	}
}

// writeResults rewrites conformance/expected/ and, when every case ran on each target
// that ran, the README table from the run.
func writeResults(t *testing.T, exp Expectations, results map[string]map[string]Outcome) {
	if err := exp.Rewrite(results, cases, targetNames()).Write("expected"); err != nil {
		t.Errorf("writing conformance/expected: %v", err)
	}
	for target, r := range results {
		if len(r) != len(cases) {
			t.Logf("SOBJECTS_CONFORMANCE_WRITE=1: wrote conformance/expected/*.json, not the README table: %d of %d cases ran on %s (run them all)", len(r), len(cases), target)
			return
		}
	}
	readme := filepath.Join("..", "README.md")
	raw, err := os.ReadFile(readme)
	if err != nil {
		t.Errorf("the table: %v", err)
		return
	}
	s, err := replaceTable(string(raw), Table(results, cases, targetNames()))
	if err != nil {
		t.Error(err)
		return
	}
	if err := os.WriteFile(readme, []byte(s), 0o644); err != nil {
		t.Error(err)
	}
	t.Logf("SOBJECTS_CONFORMANCE_WRITE=1: wrote conformance/expected/*.json and the table in README.md")
}

// plannedTarget is a target of the run, made when its subtest starts (-run may skip
// it): the sobjects binary is built, and the bucket of the durable mode started, only
// for a target that runs.
type plannedTarget struct {
	name string
	make func(t *testing.T) *Target
	once sync.Once
	tg   *Target
}

func (p *plannedTarget) target(t *testing.T) *Target {
	p.once.Do(func() { p.tg = p.make(t) })
	return p.tg
}

// conformanceTargets are the targets of this run: all found, or those named in
// SOBJECTS_CONFORMANCE_TARGETS (then one that cannot run fails the test), the
// reference first.
func conformanceTargets(t *testing.T) []*plannedTarget {
	var want []string
	named := os.Getenv("SOBJECTS_CONFORMANCE_TARGETS")
	if named != "" {
		for _, n := range strings.Split(named, ",") {
			n = strings.TrimSpace(n)
			if !slices.Contains(targetNames(), n) {
				t.Fatalf("SOBJECTS_CONFORMANCE_TARGETS names %q: the targets are %s", n, strings.Join(targetNames(), ", "))
			}
			want = append(want, n)
		}
	} else {
		want = targetNames()
	}
	missing := func(format string, args ...any) {
		if named != "" {
			t.Fatalf(format, args...)
		}
		t.Logf(format, args...)
	}
	var out []*plannedTarget
	if slices.Contains(want, referenceName) {
		bin, why, err := FindWorkerd()
		switch {
		case err != nil:
			t.Fatal(err)
		case bin == "":
			missing("skipping the workerd target, the reference: %s", why)
		default:
			out = append(out, &plannedTarget{name: referenceName, make: func(*testing.T) *Target { return WorkerdTarget(bin) }})
		}
	}
	for _, mode := range SobjectsModes {
		if !slices.Contains(want, mode.Name) {
			continue
		}
		if mode.Backups && !testbucket.Available() {
			missing("skipping %s: it needs versitygw (SOBJECTS_VERSITYGW, which ./test.sh sets)", mode.Name)
			continue
		}
		out = append(out, &plannedTarget{name: mode.Name, make: func(t *testing.T) *Target {
			var b Bucket
			if mode.Backups {
				// The bucket lives as long as the target's subtest.
				srv := testbucket.Start(t)
				b = Bucket{URL: "s3://" + srv.Bucket + "/conformance", Env: srv.Env()}
			}
			// The fetch cases reach the upstream (upstream.go) on loopback.
			return SobjectsTargetWith(buildSobjects(t), mode, b, SobjectsOptions{CacheDir: testCompilationCache, Args: []string{"--fetch-allow", "127.0.0.1"}})
		}})
	}
	return out
}

// fixtureNames are the fixtures of cs, in the order of their first case.
func fixtureNames(cs []Case) []string {
	var out []string
	for _, c := range cs {
		if !slices.Contains(out, c.Fixture) {
			out = append(out, c.Fixture)
		}
	}
	return out
}

func randomToken(t *testing.T) string {
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}
