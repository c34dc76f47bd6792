package js

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"
)

var keep60 = [][2]string{{"cache-control", "max-age=60"}}

// The store holds at most its size in bytes, dropping the least recently used entry
// first (a Match counts as a use); an entry larger than the whole store is not kept.
func TestCacheDropsLeastRecentlyUsedPastItsSize(t *testing.T) {
	one := int64(len("d")+len("https://x/0")+1000) + cacheEntryOverhead + int64(len("cache-control")+len("max-age=60")+32) + int64(len("cf-cache-status")+len("HIT")+32)
	c := NewCache(3 * one)
	body := make([]byte, 1000)
	for i := range 3 {
		if !c.Put("d", fmt.Sprintf("https://x/%d", i), 200, keep60, body) {
			t.Fatalf("put %d not kept", i)
		}
	}
	if c.Bytes() != 3*one {
		t.Fatalf("bytes %d, want %d", c.Bytes(), 3*one)
	}
	c.Match("d", "https://x/0") // 1 is now the least recently used
	c.Put("d", "https://x/3", 200, keep60, body)
	for i, want := range []bool{true, false, true, true} {
		if _, _, _, ok := c.Match("d", fmt.Sprintf("https://x/%d", i)); ok != want {
			t.Errorf("entry %d held: %v, want %v", i, ok, want)
		}
	}
	if c.Bytes() > 3*one {
		t.Errorf("bytes %d past the size %d", c.Bytes(), 3*one)
	}
	if c.Put("d", "https://x/big", 200, keep60, make([]byte, 4*one)) {
		t.Error("an entry larger than the store was kept")
	}
	if c.Bytes() != 3*one {
		t.Errorf("a refused entry changed the bytes held: %d", c.Bytes())
	}
	c.Put("d", "https://x/0", 200, keep60, body[:10]) // a replacement counts its own size
	if want := 2*one + one - 990; c.Bytes() != want {
		t.Errorf("bytes after a replacement %d, want %d", c.Bytes(), want)
	}
}

// An entry is served until its lifetime ends, then not, and Delete reports only a
// live one.
func TestCacheEntryExpires(t *testing.T) {
	now := time.Unix(1000, 0)
	c := NewCache(0)
	c.now = func() time.Time { return now }
	c.Put("d", "https://x/a", 200, [][2]string{{"Cache-Control", "public, s-maxage=10, max-age=100"}}, []byte("a"))
	c.Put("d", "https://x/b", 200, [][2]string{{"expires", now.Add(5 * time.Second).UTC().Format(http.TimeFormat)}}, []byte("b"))
	now = now.Add(4 * time.Second)
	if _, _, _, ok := c.Match("d", "https://x/b"); !ok {
		t.Error("an entry before its Expires is not served")
	}
	now = now.Add(2 * time.Second)
	if _, _, _, ok := c.Match("d", "https://x/b"); ok {
		t.Error("an entry past its Expires is served")
	}
	if _, _, _, ok := c.Match("d", "https://x/a"); !ok {
		t.Error("an entry within its s-maxage is not served")
	}
	now = now.Add(5 * time.Second)
	if c.Delete("d", "https://x/a") {
		t.Error("Delete reported an expired entry as held")
	}
	if c.Bytes() != 0 {
		t.Errorf("expired entries still count %d bytes", c.Bytes())
	}
}

// cacheLifetime: the directives and defaults Cloudflare documents.
func TestCacheLifetime(t *testing.T) {
	now := time.Unix(1000, 0)
	for _, c := range []struct {
		status  int
		headers [][2]string
		ttl     time.Duration
	}{
		{200, nil, 120 * time.Minute},
		{301, nil, 120 * time.Minute},
		{302, nil, 20 * time.Minute},
		{404, nil, 3 * time.Minute},
		{500, nil, 0},
		{500, [][2]string{{"cache-control", "max-age=5"}}, 5 * time.Second},
		{200, [][2]string{{"cache-control", "max-age=0"}}, 0},
		{200, [][2]string{{"cache-control", "no-cache"}}, 0},
		{200, [][2]string{{"cache-control", `no-cache="x", max-age=7`}}, 7 * time.Second},
		{200, [][2]string{{"cache-control", "max-age=99999999999999999999"}}, (1<<31 - 1) * time.Second},
		{200, [][2]string{{"cache-control", "max-age=abc"}}, 120 * time.Minute},
		{200, [][2]string{{"expires", "not a date"}}, 0},
	} {
		ttl, _, ok := cacheLifetime(c.status, c.headers, now)
		if ok != (c.ttl > 0) || ok && ttl != c.ttl {
			t.Errorf("%d %v: %v %v, want %v", c.status, c.headers, ttl, ok, c.ttl)
		}
	}
}

// Many goroutines putting, matching and deleting keep the store within its size.
func TestCacheHammer(t *testing.T) {
	c := NewCache(64 << 10)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				url := fmt.Sprintf("https://x/%d", (i*7+g)%97)
				switch i % 3 {
				case 0:
					c.Put("d", url, 200, keep60, make([]byte, i%3000))
				case 1:
					c.Match("d", url)
				default:
					c.Delete("d", url)
				}
			}
		}()
	}
	wg.Wait()
	if b := c.Bytes(); b < 0 || b > 64<<10 {
		t.Fatalf("bytes %d outside [0, 64 KiB]", b)
	}
}
