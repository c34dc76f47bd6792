package cluster

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestConfigDefaults(t *testing.T) {
	c, err := Config{Name: "a", Peer: "http://127.0.0.1:1"}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if c.TTL != DefaultTTL || c.Margin != DefaultTTL/5 || c.Prefix != DefaultPrefix || c.RequestTimeout != DefaultRequestTimeout {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestJoinRefusesBadConfig(t *testing.T) {
	ok := Config{Name: "a", Peer: "http://127.0.0.1:1"}
	for _, tc := range []struct {
		name, want string
		edit       func(*Config)
	}{
		{"ErrNoName", "Name", func(c *Config) { c.Name = "" }},
		{"ErrNameTooLong", "Name", func(c *Config) { c.Name = strings.Repeat("a", MaxNameLen+1) }},
		{"ErrNameSlash", "Name", func(c *Config) { c.Name = "a/b" }},
		{"ErrPeerNotURL", "Peer", func(c *Config) { c.Peer = "127.0.0.1:1" }},
		{"ErrPeerScheme", "Peer", func(c *Config) { c.Peer = "ftp://h" }},
		{"ErrPrefix", "Prefix", func(c *Config) { c.Prefix = "/x" }},
		{"ErrTTLFraction", "TTL", func(c *Config) { c.TTL = 2500 * time.Millisecond }},
		{"ErrTTLShort", "TTL", func(c *Config) { c.TTL = time.Second }},
		{"ErrMarginLarge", "Margin", func(c *Config) { c.TTL = 10 * time.Second; c.Margin = 6 * time.Second }},
		{"ErrMarginNegative", "Margin", func(c *Config) { c.Margin = -time.Second }},
		{"ErrRequestTimeout", "RequestTimeout", func(c *Config) { c.RequestTimeout = -1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.edit(&c)
			// Join checks the config before it uses the client.
			_, err := Join(context.Background(), nil, c)
			if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Join(%+v) = %v, want ErrConfig naming %s", c, err, tc.want)
			}
		})
	}
}

func FuzzDecodeMember(f *testing.F) {
	f.Add([]byte(`{"name":"a","peer":"http://127.0.0.1:1"}`))
	f.Add([]byte(`{"name":""}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := decodeMember(b)
		if err == nil && ValidateName(m.Name) != nil {
			t.Fatalf("decoded a member with a bad name %q", m.Name)
		}
	})
}
