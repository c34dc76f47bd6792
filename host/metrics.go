package host

import (
	"errors"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the engine's Prometheus metrics (GET /metrics).
type metrics struct {
	calls    *prometheus.CounterVec   // by class and outcome
	latency  *prometheus.HistogramVec // by class
	resident prometheus.Gauge
	// residentBytes is what the resident objects count against the memory budget.
	residentBytes prometheus.Gauge
	evictions     *prometheus.CounterVec // by reason: idle or budget
	overloaded    prometheus.Counter     // activations refused with ErrOverloaded
	recycles      prometheus.Counter     // instances closed for their grown memory (recycle.go)
	commits       prometheus.Counter
	batchSize     prometheus.Histogram
	alarms        *prometheus.CounterVec // by outcome
	// lostBatches counts batch transactions SQLite rolled back by itself; rerunCalls the
	// calls of those batches run again, by outcome: again, or failed (ErrRolledBack).
	lostBatches prometheus.Counter
	rerunCalls  *prometheus.CounterVec
	// Worker threads (thread.go): holds past the stall budget, threads handed over, and
	// the calls running detached now; Go panics of the host recovered during calls.
	stalls       prometheus.Counter
	replacements prometheus.Counter
	detached     prometheus.Gauge
	panics       prometheus.Counter
	// WebSockets (websocket.go): ends open in the engine, messages by direction (in:
	// from a client to an object; out: sent by an object), and activations of an object
	// to take a WebSocket event (wake-ups from hibernation).
	websockets        prometheus.Gauge
	websocketMessages *prometheus.CounterVec
	websocketWakeups  prometheus.Counter
	// Hibernation (hibernation.go): states written by outcome (written, refused: the
	// instance could not hibernate then, failed: writing failed), their bytes, and
	// the states activations found, by outcome (restored; stale: of another version,
	// object or snapshot, or of a class that no longer hibernates; failed).
	hibernations     *prometheus.CounterVec
	hibernationBytes prometheus.Counter
	restores         *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sobjects_calls_total", Help: "Calls to objects, by class and outcome (ok or error).",
		}, []string{"class", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "sobjects_call_duration_seconds", Help: "Latency of calls to objects, queueing and commit included.",
			Buckets: prometheus.ExponentialBuckets(0.00001, 2.5, 14),
		}, []string{"class"}),
		resident: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sobjects_resident_objects", Help: "Objects with a plugin instance in memory.",
		}),
		residentBytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sobjects_resident_bytes", Help: "Memory the resident objects count against the memory budget (--memory-budget), in bytes.",
		}),
		evictions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sobjects_evictions_total", Help: "Objects evicted, by reason: idle (--idle-evict) or budget (--max-resident, --memory-budget).",
		}, []string{"reason"}),
		overloaded: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sobjects_overloaded_total", Help: "Activations refused because no idle object could be evicted to make room.",
		}),
		recycles: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sobjects_recycles_total", Help: "Instances closed between calls because their linear memory grew past the recycling policy (--recycle-factor, --recycle-min-memory).",
		}),
		commits: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sobjects_commits_total", Help: "Transactions committed (each a batch of calls: group commit).",
		}),
		batchSize: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "sobjects_commit_batch_size", Help: "Calls per commit.",
			Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256},
		}),
		alarms: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sobjects_alarms_total", Help: "Alarm deliveries, by outcome (ok or error).",
		}, []string{"outcome"}),
		lostBatches: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sobjects_lost_batches_total", Help: "Commit batches whose transaction SQLite rolled back by itself (a full disk, an I/O error, an interrupt at a time limit).",
		}),
		rerunCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sobjects_lost_batch_calls_total", Help: "Calls whose writes went with a lost batch, by outcome: again (run again in a new transaction) or failed (retriable error: they called another object).",
		}, []string{"outcome"}),
		stalls: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sobjects_thread_stalls_total", Help: "Calls that held their worker thread past the stall budget (--thread-stall-budget).",
		}),
		replacements: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sobjects_thread_replacements_total", Help: "Stalled worker threads whose other objects were handed to a fresh thread while the long call went on.",
		}),
		detached: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sobjects_detached_calls", Help: "Calls handed off their worker thread that are still running (at most --threads).",
		}),
		panics: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sobjects_host_panics_total", Help: "Go panics in host code during calls, recovered: each failed its call (internal) and discarded the instance.",
		}),
		websockets: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sobjects_websockets", Help: "WebSocket ends open in the engine (each connection between a client and an object has two).",
		}),
		websocketMessages: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sobjects_websocket_messages_total", Help: "WebSocket messages, by direction: in (from a client to an object) or out (sent by an object).",
		}, []string{"direction"}),
		websocketWakeups: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sobjects_websocket_wakeups_total", Help: "Objects activated to take a WebSocket event (woken from hibernation).",
		}),
		hibernations: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sobjects_hibernations_total", Help: "Evicted instances of hibernating classes, by outcome: written (their state is in their database), refused (the instance could not hibernate then), failed (writing it failed).",
		}, []string{"outcome"}),
		hibernationBytes: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sobjects_hibernation_bytes_total", Help: "Bytes of the hibernated states written, compressed.",
		}),
		restores: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sobjects_hibernation_restores_total", Help: "Hibernated states that activations found, by outcome: restored (instead of running init), stale (of another class version, object or JavaScript snapshot, or of a class that no longer hibernates: init ran), failed (unreadable: init ran).",
		}, []string{"outcome"}),
	}
	for _, o := range []string{"written", "refused", "failed"} {
		m.hibernations.WithLabelValues(o)
	}
	for _, o := range []string{"restored", "stale", "failed"} {
		m.restores.WithLabelValues(o)
	}
	m.websocketMessages.WithLabelValues("in")
	m.websocketMessages.WithLabelValues("out")
	m.rerunCalls.WithLabelValues("again")
	m.rerunCalls.WithLabelValues("failed")
	m.alarms.WithLabelValues("ok") // both series exist from the start, at 0
	m.alarms.WithLabelValues("error")
	m.evictions.WithLabelValues("idle")
	m.evictions.WithLabelValues("budget")
	if reg != nil {
		reg.MustRegister(m.calls, m.latency, m.resident, m.residentBytes, m.evictions, m.overloaded, m.recycles, m.commits, m.batchSize, m.alarms,
			m.lostBatches, m.rerunCalls, m.stalls, m.replacements, m.detached, m.panics,
			m.websockets, m.websocketMessages, m.websocketWakeups, m.hibernations, m.hibernationBytes, m.restores)
	}
	return m
}

func (m *metrics) commit(n int) {
	m.commits.Inc()
	m.batchSize.Observe(float64(n))
}

// transactionLost counts a lost batch whose calls run again or failed.
func (m *metrics) transactionLost(again, failed int) {
	m.lostBatches.Inc()
	m.rerunCalls.WithLabelValues("again").Add(float64(again))
	m.rerunCalls.WithLabelValues("failed").Add(float64(failed))
}

func (m *metrics) call(class string, seconds float64, err error) {
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	m.calls.WithLabelValues(class, outcome).Inc()
	m.latency.WithLabelValues(class).Observe(seconds)
}

func (m *metrics) alarm(err error) {
	if err != nil && !errors.Is(err, ErrClosed) {
		m.alarms.WithLabelValues("error").Inc()
		return
	}
	m.alarms.WithLabelValues("ok").Inc()
}
