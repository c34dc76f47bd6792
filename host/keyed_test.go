package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

// putLedger writes n keys of the ledger class, each a JSON string of size bytes, one
// keyed call per key.
func putLedger(t *testing.T, e *Engine, name string, n, size int) {
	t.Helper()
	for i := range n {
		key := fmt.Sprintf("k%03d", i)
		input := fmt.Sprintf(`{"keys":[%q],"payloads":[%q]}`, key, strings.Repeat(string(rune('a'+i%26)), size))
		if _, _, err := e.CallKeyed(context.Background(), "ledger", name, "", "put", []string{key}, []byte(input)); err != nil {
			t.Fatal(err)
		}
	}
}

// scanPage runs keyed_scan in the object as its plugin would and decodes the page.
func scanPage(t *testing.T, e *Engine, name string, cursor []byte, limit int) (keys []string, bytes int, next []byte) {
	t.Helper()
	var req abi.Encoder
	req.ArrayHeader(2)
	if cursor == nil {
		req.Nil()
	} else {
		req.Bytes(cursor)
	}
	req.Int(int64(limit))
	page, err := e.Run(context.Background(), "ledger", name, func(tx *Tx) ([]byte, error) {
		return tx.env.KeyedScan(req.Buf, nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	d := abi.NewDecoder(page)
	if n, err := d.ArrayHeader(); err != nil || n != 2 {
		t.Fatalf("page %x is not [entries, cursor]", page[:min(len(page), 16)])
	}
	n, err := d.ArrayHeader()
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		d.ArrayHeader()
		k, err := d.String()
		if err != nil {
			t.Fatal(err)
		}
		v, err := d.BytesAlias()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
		bytes += len(k) + len(v)
	}
	c, err := d.Value()
	if err != nil {
		t.Fatal(err)
	}
	next, _ = c.([]byte)
	return keys, bytes, next
}

func TestKeyedScanStopsAtByteCap(t *testing.T) {
	const limit = 256 << 10 // bytes of a host result
	e := newEngine(t, Options{MaxOutputBytes: limit})
	deploy(t, e, "ledger", "ledger")
	const n, size = 40, 20 << 10 // 800 KiB of values in all
	putLedger(t, e, "big", n, size)

	seen := map[string]bool{}
	var cursor []byte
	pages := 0
	for {
		keys, bytes, next := scanPage(t, e, "big", cursor, 10000)
		pages++
		if bytes > limit {
			t.Fatalf("page %d holds %d bytes of keys and values, over the limit of %d", pages, bytes, limit)
		}
		if len(keys) == 0 {
			t.Fatalf("page %d is empty", pages)
		}
		for _, k := range keys {
			if seen[k] {
				t.Fatalf("key %s on two pages", k)
			}
			seen[k] = true
		}
		if next == nil {
			break
		}
		cursor = next
	}
	if len(seen) != n || pages < 2 {
		t.Fatalf("scan saw %d keys of %d in %d pages", len(seen), n, pages)
	}
	// The ledger's stats walks the pages through its SDK and sees every row.
	out, err := e.Run(context.Background(), "ledger", "big", func(tx *Tx) ([]byte, error) {
		return tx.Invoke("stats", []byte(`{"keys":[],"payloads":[]}`))
	})
	if err != nil {
		t.Fatal(err)
	}
	var stats struct{ Rows int }
	if err := json.Unmarshal(out, &stats); err != nil || stats.Rows != n {
		t.Fatalf("stats %s, want %d rows (%v)", out, n, err)
	}
}

// A page stops at the byte cap but always holds one row, so a scan goes on over a
// value bigger than the cap.
func TestKeyedScanReturnsRowOverByteCap(t *testing.T) {
	const limit = 64 << 10
	e := newEngine(t, Options{MaxOutputBytes: limit})
	deploy(t, e, "ledger", "ledger")
	putLedger(t, e, "wide", 3, 100<<10)
	total := 0
	var cursor []byte
	for range 10 {
		keys, _, next := scanPage(t, e, "wide", cursor, 100)
		if len(keys) != 1 {
			t.Fatalf("page of %d rows, want 1", len(keys))
		}
		total++
		if cursor = next; cursor == nil {
			break
		}
	}
	if total != 3 {
		t.Fatalf("scan saw %d rows of 3", total)
	}
}

func TestKeyedReadOverByteCapFails(t *testing.T) {
	const limit = 256 << 10
	e := newEngine(t, Options{MaxOutputBytes: limit})
	deploy(t, e, "ledger", "ledger")
	putLedger(t, e, "rd", 1, 100<<10)
	read := func(times int) error {
		var req abi.Encoder
		req.ArrayHeader(times)
		for range times {
			req.String("k000")
		}
		_, err := e.Run(context.Background(), "ledger", "rd", func(tx *Tx) ([]byte, error) {
			return tx.env.KeyedRead(req.Buf, nil)
		})
		return err
	}
	if err := read(2); err != nil {
		t.Fatalf("2 reads of 100 KiB under a limit of 256 KiB: %v", err)
	}
	err := read(100) // 10 MiB of one value read again and again
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Code != abi.CodeTooLarge {
		t.Fatalf("100 reads of 100 KiB: %v, want too_large", err)
	}
}
