package main

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/sobjects/sobjects/cluster"
	"github.com/sobjects/sobjects/server"
)

// EnvClusterSecret names the variable that holds the cluster's shared secret: never a
// flag or a key of sobjects.toml, where it would be seen or committed.
const EnvClusterSecret = "SOBJECTS_CLUSTER_SECRET"

// clusterConfig is the [cluster] part of the settings of `run`.
type clusterConfig struct {
	etcd      []string // etcd client URLs; none: one node
	node      string
	listen    string // the peer listener's address
	advertise string // its URL as other nodes reach it
	lease     time.Duration
	secret    []byte
	// Mutual TLS between the nodes: the node's certificate and key, and the authority
	// that signs every node's (PEM files); all three or none.
	tlsCert, tlsKey, tlsCA string
}

// clusterFlags adds the flags of clusterConfig to f.
func clusterFlags(f *pflag.FlagSet) {
	f.StringSlice("cluster-etcd", nil, "join the cluster of nodes coordinated by these etcd members (client URLs, comma-separated); needs --backup-bucket, --backup-mode durable, --peer-listen and "+EnvClusterSecret)
	f.String("node-name", "", "this node's name in the cluster (letters, digits, '.', '_', '-'); default: the host name")
	f.String("peer-listen", "", "address to serve the calls other nodes forward on (HTTP/2, signed; over TLS with --peer-tls-*), e.g. 10.0.0.5:8788")
	f.String("peer-advertise", "", "the URL other nodes reach --peer-listen at; default: http://ADDR of --peer-listen (https:// with --peer-tls-*)")
	f.String("cluster-lease", cluster.DefaultTTL.String(), "the node's lease in etcd, whole seconds (10 or 10s): after this long without renewing it, others take its objects over")
	f.String("peer-tls-cert", "", "mutual TLS between the nodes: this node's certificate (PEM; sobjects cluster certs makes development ones); with --peer-tls-key and --peer-tls-ca")
	f.String("peer-tls-key", "", "mutual TLS: this node's private key (PEM)")
	f.String("peer-tls-ca", "", "mutual TLS: the certificate authority that signed every node's certificate (PEM)")
}

// loadClusterConfig reads clusterConfig: each setting from its flag, its SOBJECTS_*
// variable, a top-level key of sobjects.toml, or its key under [cluster] there (etcd,
// node_name, peer_listen, peer_advertise, lease, tls_cert, tls_key, tls_ca), in that
// order of precedence; the secret only from EnvClusterSecret.
func loadClusterConfig(cmd *cobra.Command, v *viper.Viper) (clusterConfig, error) {
	get := func(flag, key string) string {
		envSet := os.Getenv("SOBJECTS_"+strings.ToUpper(strings.ReplaceAll(flag, "-", "_"))) != ""
		if f := cmd.Flags().Lookup(flag); f != nil && !f.Changed && !envSet && !v.InConfig(flag) && v.IsSet("cluster."+key) {
			return v.GetString("cluster." + key)
		}
		return v.GetString(flag)
	}
	for _, k := range []string{"secret", "cluster_secret", "key", "password"} {
		if v.IsSet("cluster." + k) {
			return clusterConfig{}, fmt.Errorf("%s: [cluster] %s: the cluster secret is read only from the environment (%s), never from the file", configFile, k, EnvClusterSecret)
		}
	}
	var c clusterConfig
	etcd := v.GetStringSlice("cluster-etcd")
	if f := cmd.Flags().Lookup("cluster-etcd"); f != nil && !f.Changed && os.Getenv("SOBJECTS_CLUSTER_ETCD") == "" && !v.InConfig("cluster-etcd") && v.IsSet("cluster.etcd") {
		etcd = v.GetStringSlice("cluster.etcd")
	}
	for _, e := range etcd {
		if e = strings.TrimSpace(e); e != "" {
			c.etcd = append(c.etcd, e)
		}
	}
	c.node, c.listen, c.advertise = get("node-name", "node_name"), get("peer-listen", "peer_listen"), get("peer-advertise", "peer_advertise")
	c.tlsCert, c.tlsKey, c.tlsCA = get("peer-tls-cert", "tls_cert"), get("peer-tls-key", "tls_key"), get("peer-tls-ca", "tls_ca")
	lease := get("cluster-lease", "lease")
	var err error
	if secs, perr := strconv.Atoi(lease); perr == nil {
		c.lease = time.Duration(secs) * time.Second
	} else if c.lease, err = time.ParseDuration(lease); err != nil {
		c.lease = 0
	}
	if c.lease < 2*time.Second || c.lease%time.Second != 0 {
		return c, usageError{fmt.Errorf("--cluster-lease: want whole seconds, 2 or more, such as 10 or 10s, got %q", lease)}
	}
	useTLS := c.tlsCert != "" || c.tlsKey != "" || c.tlsCA != ""
	if len(c.etcd) == 0 {
		if c.listen != "" || c.advertise != "" || useTLS {
			return c, usageError{errors.New("--peer-listen, --peer-advertise and --peer-tls-* are for a cluster node: pass --cluster-etcd too")}
		}
		return c, nil
	}
	if useTLS && (c.tlsCert == "" || c.tlsKey == "" || c.tlsCA == "") {
		return c, usageError{errors.New("mutual TLS between the nodes needs all of --peer-tls-cert, --peer-tls-key and --peer-tls-ca")}
	}
	for _, e := range c.etcd {
		if u, err := url.Parse(e); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return c, usageError{fmt.Errorf("--cluster-etcd: %q is not an etcd client URL such as http://127.0.0.1:2379", e)}
		}
	}
	if c.node == "" {
		if c.node, err = os.Hostname(); err != nil {
			return c, usageError{errors.New("--node-name: no host name to default to; pass one")}
		}
	}
	if c.listen == "" {
		return c, usageError{errors.New("--peer-listen: a cluster node serves the calls other nodes forward on an address of its own, e.g. --peer-listen 127.0.0.1:8788")}
	}
	if c.advertise == "" {
		host, _, err := net.SplitHostPort(c.listen)
		if err != nil || host == "" || net.ParseIP(host).IsUnspecified() {
			return c, usageError{fmt.Errorf("--peer-advertise: --peer-listen %s names no address other nodes can reach; pass the URL they reach it at", c.listen)}
		}
		c.advertise = "http://" + c.listen
		if useTLS {
			c.advertise = "https://" + c.listen
		}
	}
	if u, err := url.Parse(c.advertise); err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return c, usageError{fmt.Errorf("--peer-advertise: %q is not a URL such as http://10.0.0.5:8788", c.advertise)}
	} else if useTLS != (u.Scheme == "https") {
		return c, usageError{fmt.Errorf("--peer-advertise %s: with --peer-tls-* the peer URL is https://, without them http://", c.advertise)}
	}
	c.secret = []byte(os.Getenv(EnvClusterSecret))
	if len(c.secret) == 0 {
		return c, usageError{fmt.Errorf("%s is not set: the cluster's shared secret, %d bytes or more, the same on every node (e.g. export %s=$(openssl rand -hex 32))", EnvClusterSecret, server.MinSecretBytes, EnvClusterSecret)}
	}
	if len(c.secret) < server.MinSecretBytes {
		return c, usageError{fmt.Errorf("%s: the cluster's shared secret is %d bytes; set it to %d or more, the same on every node (e.g. openssl rand -hex 32)", EnvClusterSecret, len(c.secret), server.MinSecretBytes)}
	}
	return c, nil
}

// clusterOptions are the server's options of cfg's cluster, with the peer listener
// open; nil without one.
func clusterOptions(c clusterConfig) (*server.ClusterOptions, error) {
	if len(c.etcd) == 0 {
		return nil, nil
	}
	var tlsConfig *tls.Config
	if c.tlsCert != "" {
		var err error
		if tlsConfig, err = server.PeerTLSConfig(c.tlsCert, c.tlsKey, c.tlsCA); err != nil {
			return nil, fmt.Errorf("--peer-tls-*: %w", err)
		}
	}
	l, err := net.Listen("tcp", c.listen)
	if err != nil {
		return nil, fmt.Errorf("--peer-listen: %w", err)
	}
	return &server.ClusterOptions{
		Etcd: c.etcd, Secret: c.secret, PeerListener: l, TLS: tlsConfig,
		Node: cluster.Config{Name: c.node, Peer: c.advertise, TTL: c.lease},
	}, nil
}
