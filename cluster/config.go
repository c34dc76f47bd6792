package cluster

import (
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Defaults for Config's fields left zero.
const (
	// DefaultTTL is the lease's time to live: how long after a node's last renewal etcd
	// keeps its registration and claims.
	DefaultTTL = 10 * time.Second
	// DefaultPrefix is the etcd key prefix every key of this package lives under.
	DefaultPrefix = "/sobjects/"
	// DefaultRequestTimeout bounds each attempt of a call to etcd.
	DefaultRequestTimeout = 2 * time.Second
)

// Limits on names and ids.
const (
	// MaxNameLen is the longest node name, in bytes.
	MaxNameLen = 64
	// MaxIDLen is the longest object id, in bytes.
	MaxIDLen = 512
)

// Config is what Join needs. Fields left zero take the Default* values. Join copies it;
// changing it afterwards changes nothing.
type Config struct {
	// Name is the node's name, unique among live nodes: 1 to MaxNameLen bytes of ASCII
	// letters, digits, '.', '_' and '-'. Required.
	Name string
	// Peer is the URL other nodes reach this one at (http or https, with a host), given
	// back by Members and Owner. Required.
	Peer string
	// Prefix is the etcd key prefix; it ends in '/'. Zero means DefaultPrefix. Nodes of
	// one cluster use the same prefix; several clusters may share one etcd.
	Prefix string
	// TTL is the lease's time to live, whole seconds, at least 2 s. Zero means
	// DefaultTTL. etcd may grant more (its minimum is 1.5 election timeouts); the
	// deadline follows what it grants.
	TTL time.Duration
	// Margin is subtracted from each deadline (see the package doc): more than 0 and at
	// most TTL/2. Zero means TTL/5.
	Margin time.Duration
	// RequestTimeout bounds each attempt of a call to etcd (a claim, a release, a lookup).
	// Attempts that time out or fail transiently (etcd elects a leader) are retried
	// until the caller's context ends or, when it has no deadline, 3 attempts in all.
	// Zero means DefaultRequestTimeout.
	RequestTimeout time.Duration
}

// withDefaults returns c with its zero fields filled and checks it.
func (c Config) withDefaults() (Config, error) {
	if c.Prefix == "" {
		c.Prefix = DefaultPrefix
	}
	if c.TTL == 0 {
		c.TTL = DefaultTTL
	}
	if c.Margin == 0 {
		c.Margin = c.TTL / 5
	}
	if c.RequestTimeout == 0 {
		c.RequestTimeout = DefaultRequestTimeout
	}
	bad := func(format string, args ...any) (Config, error) {
		return c, fmt.Errorf("cluster: join: %w: %s", ErrConfig, fmt.Sprintf(format, args...))
	}
	if err := ValidateName(c.Name); err != nil {
		return bad("%v", err)
	}
	u, err := url.Parse(c.Peer)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return bad("Peer %q is not an http or https URL such as https://10.0.0.1:7946", c.Peer)
	}
	if !strings.HasSuffix(c.Prefix, "/") {
		return bad("Prefix %q does not end in '/'", c.Prefix)
	}
	if c.TTL < 2*time.Second || c.TTL%time.Second != 0 {
		return bad("TTL %v is not a whole number of seconds of at least 2s", c.TTL)
	}
	if c.Margin < 0 || c.Margin > c.TTL/2 {
		return bad("Margin %v is not between 0 and TTL/2 (%v)", c.Margin, c.TTL/2)
	}
	if c.RequestTimeout < 0 {
		return bad("RequestTimeout %v is negative", c.RequestTimeout)
	}
	return c, nil
}

// ValidateName checks a node's name (Config.Name): 1 to MaxNameLen bytes of letters,
// digits, '.', '_' and '-'.
func ValidateName(name string) error {
	if name == "" || len(name) > MaxNameLen {
		return fmt.Errorf("Name %q is not 1 to %d bytes long", name, MaxNameLen)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return fmt.Errorf("Name %q has %q: use letters, digits, '.', '_' and '-'", name, r)
		}
	}
	return nil
}

func checkID(id string) error {
	if id == "" || len(id) > MaxIDLen {
		return fmt.Errorf("%w: %q is not 1 to %d bytes long", ErrBadID, truncate(id), MaxIDLen)
	}
	return nil
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
