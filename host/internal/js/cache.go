package js

import (
	"container/list"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultCacheBytes is the size of a node's Cache API store when the engine's option
// leaves it 0: 64 MiB.
const DefaultCacheBytes = 64 << 20

// Cache is a node's store for the Cache API of JavaScript objects (caches.default and
// caches.open(name), https://developers.cloudflare.com/workers/runtime-apis/cache/):
// responses by cache name and URL, kept until they expire, and, past the store's size
// in bytes, the least recently used dropped first. As on Cloudflare, where the cache
// belongs to a data center, every object of the node shares it.
//
// A Cache is safe for concurrent use.
type Cache struct {
	maxBytes int64
	now      func() time.Time

	mu      sync.Mutex // guards the fields below
	bytes   int64      // the sizes of the entries held (cacheEntry.size)
	lru     list.List  // of *cacheEntry, the most recently used first
	entries map[cacheKey]*list.Element
}

type cacheKey struct{ cache, url string }

type cacheEntry struct {
	key     cacheKey
	status  int
	headers [][2]string
	body    []byte
	expires time.Time
	size    int64 // in bytes: the key, headers and body, and cacheEntryOverhead
}

// cacheEntryOverhead is what an entry costs beyond its bytes, in bytes (the map and
// list nodes, the slices' headers), counted so that many small entries stay bounded.
const cacheEntryOverhead = 256

// NewCache returns an empty store of at most maxBytes bytes; 0 means
// DefaultCacheBytes, and a negative size makes a store that keeps nothing.
func NewCache(maxBytes int64) *Cache {
	if maxBytes == 0 {
		maxBytes = DefaultCacheBytes
	}
	return &Cache{maxBytes: max(maxBytes, 0), now: time.Now, entries: map[cacheKey]*list.Element{}}
}

// Put keeps the response (status, headers, body) for url in the named cache, replacing
// what it held for url, for as long as its headers allow (cacheLifetime). It reports
// whether it kept it: a response that may not be cached, or one larger than the whole
// store, is not, and an entry of url it replaced is gone then too. Put copies what it
// keeps.
func (c *Cache) Put(cache, url string, status int, headers [][2]string, body []byte) bool {
	key := cacheKey{cache, url}
	now := c.now()
	ttl, keep, ok := cacheLifetime(status, headers, now)
	size := int64(len(cache)+len(url)+len(body)) + cacheEntryOverhead
	for _, h := range keep {
		size += int64(len(h[0]) + len(h[1]) + 32)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el := c.entries[key]; el != nil {
		c.remove(el)
	}
	if !ok || size > c.maxBytes {
		return false
	}
	e := &cacheEntry{key: key, status: status, headers: keep, body: append([]byte(nil), body...), expires: now.Add(ttl), size: size}
	c.entries[key] = c.lru.PushFront(e)
	c.bytes += size
	for c.bytes > c.maxBytes {
		c.remove(c.lru.Back())
	}
	return true
}

// Match returns the response the named cache holds for url, if it has one that has
// not expired. The headers and body are the cache's: the caller must not change them.
func (c *Cache) Match(cache, url string) (status int, headers [][2]string, body []byte, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el := c.entries[cacheKey{cache, url}]
	if el == nil {
		return 0, nil, nil, false
	}
	e := el.Value.(*cacheEntry)
	if !c.now().Before(e.expires) {
		c.remove(el)
		return 0, nil, nil, false
	}
	c.lru.MoveToFront(el)
	return e.status, e.headers, e.body, true
}

// Delete drops what the named cache holds for url, and reports whether it held a
// response that had not expired.
func (c *Cache) Delete(cache, url string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	el := c.entries[cacheKey{cache, url}]
	if el == nil {
		return false
	}
	live := c.now().Before(el.Value.(*cacheEntry).expires)
	c.remove(el)
	return live
}

// Bytes is the size of what the store holds, in bytes (entries counted as Put counts
// them), at most its size.
func (c *Cache) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// remove drops the entry el; c.mu is held.
func (c *Cache) remove(el *list.Element) {
	e := c.lru.Remove(el).(*cacheEntry)
	delete(c.entries, e.key)
	c.bytes -= e.size
}

// cacheLifetime is how long a response may be kept as Cloudflare's cache decides it
// (https://developers.cloudflare.com/cache/concepts/cache-control/): Cache-Control's
// s-maxage, else its max-age, else Expires, else the default edge TTL of its status
// (https://developers.cloudflare.com/cache/how-to/configure-cache-status-code/#edge-ttl:
// 200, 206 and 301 for 120 minutes, 302 and 303 for 20, 404 and 410 for 3). ok is
// false for a response that is not kept: no-store, no-cache or private (without field
// names), a lifetime of 0 or less, a status without a default, or Set-Cookie, unless
// Cache-Control says private=Set-Cookie (and then the Set-Cookie headers are not kept:
// keep is the headers kept).
func cacheLifetime(status int, headers [][2]string, now time.Time) (ttl time.Duration, keep [][2]string, ok bool) {
	maxAge, sMaxAge := -1, -1
	var expires string
	cookie, dropCookie := false, false
	for _, h := range headers {
		switch strings.ToLower(h[0]) {
		case "cache-control":
			for d := range strings.SplitSeq(h[1], ",") {
				name, value, _ := strings.Cut(strings.TrimSpace(d), "=")
				value = strings.Trim(strings.TrimSpace(value), `"`)
				switch strings.ToLower(strings.TrimSpace(name)) {
				case "no-store", "no-cache":
					if value == "" {
						return 0, nil, false
					}
				case "private":
					if value == "" {
						return 0, nil, false
					}
					for f := range strings.SplitSeq(value, ",") {
						dropCookie = dropCookie || strings.EqualFold(strings.TrimSpace(f), "set-cookie")
					}
				case "max-age":
					maxAge = seconds(value)
				case "s-maxage":
					sMaxAge = seconds(value)
				}
			}
		case "expires":
			expires = h[1]
		case "set-cookie":
			cookie = true
		}
	}
	if cookie && !dropCookie {
		return 0, nil, false
	}
	keep = headers
	if cookie {
		keep = make([][2]string, 0, len(headers))
		for _, h := range headers {
			if !strings.EqualFold(h[0], "set-cookie") {
				keep = append(keep, h)
			}
		}
	}
	keep = append(keep[:len(keep):len(keep)], [2]string{"cf-cache-status", "HIT"})
	switch {
	case sMaxAge >= 0:
		ttl = time.Duration(sMaxAge) * time.Second
	case maxAge >= 0:
		ttl = time.Duration(maxAge) * time.Second
	case expires != "":
		t, err := http.ParseTime(expires)
		if err != nil {
			return 0, nil, false // an invalid Expires is a time in the past (RFC 9111 section 5.3)
		}
		ttl = t.Sub(now)
	default:
		switch status {
		case 200, 206, 301:
			ttl = 120 * time.Minute
		case 302, 303:
			ttl = 20 * time.Minute
		case 404, 410:
			ttl = 3 * time.Minute
		}
	}
	if ttl <= 0 {
		return 0, nil, false
	}
	return ttl, keep, true
}

// seconds is a delta-seconds value (RFC 9111 section 1.2.2), or -1 when s is not one.
func seconds(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		if err != nil && len(s) > 0 && strings.Trim(s, "0123456789") == "" {
			return 1<<31 - 1 // too large for an int: the largest value, as the RFC says
		}
		return -1
	}
	return n
}
