package backup

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

type metrics struct {
	uploads, bytes, writes, failures prometheus.Counter
	seconds                          prometheus.Histogram
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		uploads:  prometheus.NewCounter(prometheus.CounterOpts{Name: "sobjects_backup_uploads_total", Help: "LTX files uploaded to the bucket."}),
		bytes:    prometheus.NewCounter(prometheus.CounterOpts{Name: "sobjects_backup_upload_bytes_total", Help: "Bytes of LTX files uploaded."}),
		writes:   prometheus.NewCounter(prometheus.CounterOpts{Name: "sobjects_backup_writes_total", Help: "Calls whose writes were uploaded; divided by uploads, the writes per upload."}),
		failures: prometheus.NewCounter(prometheus.CounterOpts{Name: "sobjects_backup_upload_failures_total", Help: "Uploads that failed (and will be retried, or were not acknowledged in durable mode)."}),
		seconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "sobjects_backup_upload_seconds", Help: "Time to upload one LTX file.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 16)}),
	}
	if reg != nil {
		reg.MustRegister(m.uploads, m.bytes, m.writes, m.failures, m.seconds)
	}
	return m
}

func (m *metrics) uploaded(bytes, writes int, d time.Duration) {
	m.uploads.Inc()
	m.bytes.Add(float64(bytes))
	m.writes.Add(float64(writes))
	m.seconds.Observe(d.Seconds())
}
