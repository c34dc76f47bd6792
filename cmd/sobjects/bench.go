package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sobjects/sobjects/conformance"
)

func newBenchCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Put load on a running server and report throughput, latency and commit batching",
		Long: `Put load on a running sobjects server (--url), or on the benchmark app on any
runtime (--target), and measure it.

--concurrency goroutines each call --op in a loop, over keep-alive HTTP connections,
spread uniformly over --objects objects (named bench0, bench1, ...):
  increment  counter.increment {"by":1}
  put        kv.put of one of --key-count keys, the value a JSON string of --value-size bytes
  get        kv.get of one of --key-count keys; every key is put once first, so gets hit
Keys are drawn --keys uniform, or zipf (s = 1.1: a few hot keys take most calls).
--read-share 0.95 makes 95% of calls gets of a key (every key is put once first).

--url may name several nodes of a cluster, comma-separated: object i's calls go to the
(i mod n)-th (docs/cluster.md).

--splittable calls a splittable class instead (default ledger; docs/splitting.md), one
key per call: put is ledger.put, get ledger.get, increment ledger.add. --presplit D
first splits each object into 2^D leaves; without it, the object splits by load as its
policy says. The report then gives the first object's leaves at the end.

--target URL drives the benchmark app (conformance/fixtures/bench: a Worker and its
Durable Object class Bench) at URL instead, served by sobjects (sobjects run
conformance/fixtures/bench) or by workerd, unchanged: the same figures on both.
--via fetch (default) reaches the object through the Worker's stub.fetch(), --via rpc
by RPC. Object "one" (--objects N: bench0, bench1, ...), one key unless --key-count:
  inc (or increment)  POST /inc?name=one, or /rpc/inc
  put                 POST /put?name=one&key=k0 with a body of --value-size bytes,
                      fresh each put (random hex digits, then x's), or /rpc/put
  get                 GET /get?name=one&key=k0, or /rpc/get; every key is put once first

Calls run for --warmup unmeasured, then for --duration measured. It reports calls per
second, latency percentiles (p50, p95, p99, max) of successful calls as the driver saw
them, errors (non-2xx answers and transport errors), the server's average commit batch
(calls per commit, from the delta of sobjects_commit_batch_size in /metrics) and the CPU
the driver itself used.

When bench runs on the server's machine, the driver shares the machine's cores with the
server: its CPU time, printed as a share of wall time, is taken from the server, so
throughput is lower than the server alone could serve.`,
		Example: `  sobjects bench --op increment --duration 5s
  sobjects bench --op put --objects 16 --concurrency 128 --value-size 4096
  sobjects bench --op get --keys zipf --json
  sobjects bench --splittable --op put --concurrency 1024 --presplit 4
  sobjects bench --splittable --op put --read-share 0.95 --keys zipf --key-count 10
  sobjects bench --target http://127.0.0.1:8787 --op put --via rpc`,
		Args: usage(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			v, err := config(cmd)
			if err != nil {
				return err
			}
			opts := conformance.LoadOptions{
				URL:         serverURL(cmd, v),
				Target:      strings.TrimRight(v.GetString("target"), "/"),
				Via:         v.GetString("via"),
				Op:          v.GetString("op"),
				Concurrency: v.GetInt("concurrency"),
				Objects:     v.GetInt("objects"),
				ValueSize:   v.GetInt("value-size"),
				Keys:        v.GetString("keys"),
				KeyCount:    v.GetInt("key-count"),
				Duration:    v.GetDuration("duration"),
				Warmup:      v.GetDuration("warmup"),
				Class:       v.GetString("class"),
				Prefix:      v.GetString("prefix"),
				Splittable:  v.GetBool("splittable"),
				Presplit:    v.GetInt("presplit"),
				ReadShare:   v.GetFloat64("read-share"),
			}
			if opts.Target != "" {
				opts.URL = ""
				if opts.Op == "inc" {
					opts.Op = conformance.OpIncrement
				}
				if !cmd.Flags().Changed("key-count") && os.Getenv("SOBJECTS_KEY_COUNT") == "" {
					opts.KeyCount = 1
				}
			} else if !cmd.Flags().Changed("via") && os.Getenv("SOBJECTS_VIA") == "" {
				opts.Via = ""
			}
			if err := checkBenchFlags(opts); err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "error: %v\n(see sobjects bench --help)\n", err)
				return exitError{2}
			}
			if opts.Warmup == 0 {
				opts.Warmup = -1 // LoadOptions: zero means the default, negative means none
			}
			if opts.ValueSize == 0 {
				opts.ValueSize = -1 // LoadOptions: zero means the default, negative means empty
			}

			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			hint := "is `sobjects run` serving at that --url?"
			if opts.Target != "" {
				hint = "is the benchmark app, conformance/fixtures/bench, serving at that --target?"
			}
			r, err := conformance.RunLoad(ctx, opts)
			if err != nil && !errors.Is(err, ctx.Err()) {
				return fmt.Errorf("%w (%s)", err, hint)
			}
			if perr := printReport(cmd.OutOrStdout(), v.GetBool("json"), r); perr != nil {
				return perr
			}
			if err != nil {
				return fmt.Errorf("interrupted: %w", err)
			}
			if r.Calls == 0 && r.Errors > 0 {
				if opts.Target != "" {
					return fmt.Errorf("every call failed (%s)", hint)
				}
				return errors.New("every call failed (is `sobjects run` serving at that --url, with the class for --op?)")
			}
			return nil
		},
	}
	addClientFlags(cmd)
	f := cmd.Flags()
	f.String("target", "", "base URL of the benchmark app (conformance/fixtures/bench) on any runtime, instead of --url")
	f.String("via", conformance.ViaFetch, "with --target: reach the object by fetch (stub.fetch) or rpc")
	f.String("op", conformance.OpIncrement, "operation to call: put, get or increment (inc)")
	f.Int("concurrency", 64, "calls in flight at once")
	f.Int("objects", 1, "objects the calls spread over")
	f.Int("value-size", 1024, "bytes of each value put (put, and the preload of get)")
	f.String("keys", conformance.KeysUniform, "key distribution: uniform or zipf")
	f.Int("key-count", 1000, "distinct keys per object (put, get); 1 by default with --target")
	f.Duration("duration", 10*time.Second, "how long to measure, after --warmup")
	f.Duration("warmup", time.Second, "how long to call before measuring (not measured); 0 for none")
	f.String("class", "", "class to call; default kv for put and get, counter for increment")
	f.String("prefix", "bench", "object name prefix: object i is named PREFIX+i")
	f.Bool("json", false, "print the result as JSON (latencies in microseconds)")
	f.Bool("splittable", false, "call a splittable class (default ledger) with keyed calls")
	f.Int("presplit", 0, "with --splittable: split each object into 2^N leaves first")
	f.Float64("read-share", 0, "share of calls (0 to 1) that are gets instead of --op")
	return cmd
}

// checkBenchFlags says, in flag words, what is wrong with the flags, with a hint.
func checkBenchFlags(o conformance.LoadOptions) error {
	switch o.Op {
	case conformance.OpPut, conformance.OpGet, conformance.OpIncrement, "inc":
	default:
		return fmt.Errorf("--op %q: want put, get or increment (e.g. --op put)", o.Op)
	}
	if o.Target != "" {
		if u, err := url.Parse(o.Target); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("--target %q: want the app's base URL, http://host:port (e.g. --target http://127.0.0.1:8787)", o.Target)
		}
		switch o.Via {
		case conformance.ViaFetch, conformance.ViaRPC:
		default:
			return fmt.Errorf("--via %q: want fetch or rpc (e.g. --via rpc)", o.Via)
		}
		if o.Class != "" || o.Splittable || o.Presplit != 0 {
			return errors.New("--class, --splittable and --presplit call sobjects' own classes; --target drives the benchmark app")
		}
	} else if o.Via != "" {
		return fmt.Errorf("--via %s: only with --target (the benchmark app)", o.Via)
	}
	switch o.Keys {
	case conformance.KeysUniform, conformance.KeysZipf:
	default:
		return fmt.Errorf("--keys %q: want uniform or zipf", o.Keys)
	}
	for _, c := range []struct {
		flag string
		val  int
		min  int
	}{{"--concurrency", o.Concurrency, 1}, {"--objects", o.Objects, 1}, {"--key-count", o.KeyCount, 1}, {"--value-size", o.ValueSize, 0}} {
		if c.val < c.min {
			return fmt.Errorf("%s %d: want at least %d (e.g. %s 64)", c.flag, c.val, c.min, c.flag)
		}
	}
	if o.ReadShare < 0 || o.ReadShare > 1 {
		return fmt.Errorf("--read-share %g: want 0 to 1 (e.g. --read-share 0.95)", o.ReadShare)
	}
	if o.Presplit < 0 || o.Presplit > 12 || (o.Presplit > 0 && !o.Splittable) {
		return fmt.Errorf("--presplit %d: want 0 to 12, with --splittable (e.g. --splittable --presplit 4)", o.Presplit)
	}
	if o.Duration <= 0 {
		return fmt.Errorf("--duration %s: want more than 0 (e.g. --duration 10s)", o.Duration)
	}
	if o.Warmup < 0 {
		return fmt.Errorf("--warmup %s: want 0 or more (e.g. --warmup 1s)", o.Warmup)
	}
	return nil
}

// printReport prints a load driver's report r to out: as indented JSON, or as its
// String.
func printReport(out io.Writer, asJSON bool, r fmt.Stringer) error {
	if !asJSON {
		_, err := fmt.Fprint(out, r.String())
		return err
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, string(b))
	return err
}
