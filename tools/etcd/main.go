// Command etcd is an etcd server (go.etcd.io/etcd/server/v3/embed, pinned in tools/go.mod)
// for the tests of package cluster and local trials of several nodes. The etcd project's
// own main module cannot be built with `go build module@version`, so this small main
// stands in for it; tools/build.sh builds it beside versitygw.
//
// Its flags are a subset of etcd's own, with the same names and meanings:
//
//	etcd --name m1 --data-dir /tmp/m1 \
//	  --listen-client-urls http://127.0.0.1:2379 --advertise-client-urls http://127.0.0.1:2379 \
//	  --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://127.0.0.1:2380 \
//	  --initial-cluster m1=http://127.0.0.1:2380
//
// It prints "etcd: ready" on stderr once it serves clients, and on SIGTERM or SIGINT stops
// cleanly (leaves the raft log consistent, closes its listeners) and exits 0. It exits 1
// when the server fails to start or stops by itself.
package main

import (
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "etcd:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cfg := embed.NewConfig()
	fs := flag.NewFlagSet("etcd", flag.ContinueOnError)
	fs.StringVar(&cfg.Name, "name", "default", "this member's name, as in --initial-cluster")
	fs.StringVar(&cfg.Dir, "data-dir", "", "the member's data directory (required)")
	listenClient := fs.String("listen-client-urls", "http://127.0.0.1:2379", "comma-separated URLs to serve clients on")
	advertiseClient := fs.String("advertise-client-urls", "", "comma-separated client URLs told to others (default: --listen-client-urls)")
	listenPeer := fs.String("listen-peer-urls", "http://127.0.0.1:2380", "comma-separated URLs to serve peers on")
	advertisePeer := fs.String("initial-advertise-peer-urls", "", "comma-separated peer URLs told to others (default: --listen-peer-urls)")
	fs.StringVar(&cfg.InitialCluster, "initial-cluster", "", "name=peerURL,... of every member (default: this one alone)")
	fs.StringVar(&cfg.ClusterState, "initial-cluster-state", embed.ClusterStateFlagNew, "new or existing")
	fs.StringVar(&cfg.InitialClusterToken, "initial-cluster-token", "etcd-cluster", "a token unique to this cluster")
	fs.UintVar(&cfg.TickMs, "heartbeat-interval", cfg.TickMs, "raft heartbeat interval, in milliseconds")
	fs.UintVar(&cfg.ElectionMs, "election-timeout", cfg.ElectionMs, "raft election timeout, in milliseconds")
	fs.StringVar(&cfg.LogLevel, "log-level", "warn", "debug, info, warn, error, panic or fatal")
	fs.BoolVar(&cfg.UnsafeNoFsync, "unsafe-no-fsync", false, "do not fsync (tests only: a crash can lose committed data)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if cfg.Dir == "" {
		return fmt.Errorf("--data-dir is required")
	}
	var err error
	if cfg.ListenClientUrls, err = urls("listen-client-urls", *listenClient); err != nil {
		return err
	}
	cfg.AdvertiseClientUrls = cfg.ListenClientUrls
	if *advertiseClient != "" {
		if cfg.AdvertiseClientUrls, err = urls("advertise-client-urls", *advertiseClient); err != nil {
			return err
		}
	}
	if cfg.ListenPeerUrls, err = urls("listen-peer-urls", *listenPeer); err != nil {
		return err
	}
	cfg.AdvertisePeerUrls = cfg.ListenPeerUrls
	if *advertisePeer != "" {
		if cfg.AdvertisePeerUrls, err = urls("initial-advertise-peer-urls", *advertisePeer); err != nil {
			return err
		}
	}
	if cfg.InitialCluster == "" {
		cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	}
	cfg.LogOutputs = []string{"stderr"}

	e, err := embed.StartEtcd(cfg)
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	select {
	case <-e.Server.ReadyNotify():
		fmt.Fprintln(os.Stderr, "etcd: ready")
	case err := <-e.Err():
		e.Close()
		return fmt.Errorf("serve: %w", err)
	case s := <-sig:
		// A member of a new cluster waits for a quorum before it is ready; a signal meanwhile
		// still stops it cleanly.
		e.Close()
		fmt.Fprintf(os.Stderr, "etcd: stopped by %v before ready\n", s)
		return nil
	}
	select {
	case err := <-e.Err():
		e.Close()
		return fmt.Errorf("serve: %w", err)
	case s := <-sig:
		start := time.Now()
		e.Close()
		fmt.Fprintf(os.Stderr, "etcd: stopped by %v in %v\n", s, time.Since(start).Round(time.Millisecond))
		return nil
	}
}

// urls parses a comma-separated list of URLs.
func urls(flagName, s string) ([]url.URL, error) {
	var out []url.URL
	for _, p := range strings.Split(s, ",") {
		u, err := url.Parse(strings.TrimSpace(p))
		if err != nil || u.Scheme == "" || u.Host == "" {
			return nil, fmt.Errorf("--%s: %q is not a URL such as http://127.0.0.1:2379", flagName, p)
		}
		out = append(out, *u)
	}
	return out, nil
}
