package cluster

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/sobjects/sobjects/internal/testetcd"
)

// BenchmarkClaim is the latency of claiming an object nobody owns, on three etcd members
// on this machine that fsync as etcd does by default; it reports the median and the
// 99th percentile. Its setup is what TestTwoNodesRacingForAnObjectOneWins tests.
func BenchmarkClaim(b *testing.B) {
	c := testetcd.Start(b, testetcd.Options{Fsync: true})
	n, err := Join(context.Background(), c.Client(), Config{Name: "bench", Peer: "http://bench.test:1"})
	if err != nil {
		b.Fatal(err)
	}
	defer n.Close(context.Background())
	ctx := context.Background()
	var lat []time.Duration
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		if _, err := n.Claim(ctx, fmt.Sprintf("%032x", i)); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
		i++
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}
