// Package conformance checks sobjects from the outside, over HTTP, the way a user does.
//
// # The conformance suite
//
// Fixtures (fixtures/NAME/: a wrangler.toml and its worker.js, a Workers project as
// Cloudflare documents it) run unchanged on every target: Cloudflare's workerd, the
// reference, and sobjects in each mode (sobjects-t1-fsync, sobjects-t4-fsync,
// sobjects-t1-relaxed, sobjects-t4-relaxed: --threads and --durability; and
// sobjects-durable: 4 threads, fsync, durable backups to a versitygw bucket). Cases
// (cases_AREA.go) send a fixture requests and check what they observe against what
// Cloudflare documents. A case passes on a target when workerd passes its check and
// the target both passes the check and observes what workerd observed, except at the
// paths the case says may differ; a case that fails on workerd is a bug in the case.
//
//	go test ./conformance -run TestConformance -v                   # every target found
//	go test ./conformance -run 'TestConformance/workerd/kv/'        # one target, one area
//	SOBJECTS_CONFORMANCE_TARGETS=workerd,sobjects-t1-fsync go test ./conformance -run TestConformance
//
// Each fixture is deployed once per target; its cases run in order, each on objects
// of its own. workerd comes from $SOBJECTS_WORKERD, else from
// ~/.cache/sobjects/workerd (./test.sh installs it there from npm, pinned to
// [WorkerdVersion]); without it the workerd target is skipped and the sobjects
// targets are checked against the cases' checks only (the test log says so).
// sobjects-durable needs versitygw ($SOBJECTS_VERSITYGW, which ./test.sh sets) and
// is skipped without it. Targets named in SOBJECTS_CONFORMANCE_TARGETS must run.
//
// Known failures are listed, each with its cause, in expected/sobjects.json (every
// sobjects target) and expected/TARGET.json (one target, in addition);
// expected/workerd.json stays {}. The run fails when a case fails that no file lists,
// when a listed case passes (remove it: the lists only shrink), and when a file lists
// a name that is no case. With SOBJECTS_CONFORMANCE_WRITE=1 the run rewrites those
// files from what it observed (keeping the causes written, "TODO: cause" for new
// failures, which you then replace) and the table of README.md ("What runs where",
// passed of total by area and target) instead of failing on them. The table is never
// edited by hand.
//
// # Load and crash tests
//
// The load driver ([RunLoad]) behind `sobjects bench`, and the crash test ([RunCrash])
// that kills a real server with SIGKILL in the middle of bursts of writes and checks
// that every acknowledged write survived. The crash test also opens the object
// databases with SQLite, while the server is stopped, to run PRAGMA integrity_check.
//
// Layout rule: this package and its tests may import package abi, jsbundle (to read a
// fixture's wrangler file), internal/testbucket and internal/testdir (test helpers
// that start versitygw and toxiproxy, and hold the tests' shared folder), HTTP clients
// and SQLite (for integrity checks of files at rest) only. They reach sobjects through
// its binary: `sobjects run` over HTTP, `sobjects backup` for what a bucket holds, and
// the database file path rule ([CrashObjectPath]). They must not import host, storage,
// splitter or server, nor a package below them: a check that reached into the engine
// would no longer be a check of what users see. TestConformanceImportsNoEngine fails
// when `go list -deps -test ./conformance` lists one.
package conformance
