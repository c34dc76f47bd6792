package backup

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/internal/testbucket"
)

// bucketKinds are the Bucket implementations the contract suite runs against: each
// opens an empty bucket for one test, or skips it when what it needs is missing.
var bucketKinds = []struct {
	name string
	open func(t *testing.T) Bucket
}{
	{"memory", func(t *testing.T) Bucket { return &MemoryBucket{Name: t.Name()} }},
	{"s3", func(t *testing.T) Bucket {
		srv := testbucket.Start(t)
		return newBucket(t, srv, srv.Endpoint)
	}},
}

// runBucketContract runs test once for each Bucket implementation, each on a fresh
// bucket.
func runBucketContract(t *testing.T, test func(t *testing.T, b Bucket)) {
	for _, kind := range bucketKinds {
		t.Run(kind.name, func(t *testing.T) { test(t, kind.open(t)) })
	}
}

func mustPut(t *testing.T, b Bucket, key, body string, cond Cond) string {
	t.Helper()
	etag, err := b.Put(context.Background(), key, strings.NewReader(body), cond)
	if err != nil {
		t.Fatalf("put %s: %v", key, err)
	}
	if etag == "" {
		t.Fatalf("put %s: no ETag", key)
	}
	return etag
}

// mustGet reads key, failing the test unless it holds want with the ETag etag.
func mustGet(t *testing.T, b Bucket, key, want, etag string) {
	t.Helper()
	body, got, err := b.Get(context.Background(), key)
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	defer body.Close()
	data, err := io.ReadAll(body)
	if err != nil {
		t.Fatalf("get %s: read: %v", key, err)
	}
	if string(data) != want || got != etag {
		t.Fatalf("get %s: %q with ETag %s, want %q with ETag %s", key, data, got, want, etag)
	}
}

func keysOf(infos []ObjectInfo) []string {
	keys := make([]string, len(infos))
	for i, o := range infos {
		keys[i] = o.Key
	}
	return keys
}

func TestBucketPutThenGetReturnsTheBodyAndItsETag(t *testing.T) {
	runBucketContract(t, func(t *testing.T, b Bucket) {
		body := strings.Repeat("page", 5000) // 20 kB, binary-safe bytes below
		etag := mustPut(t, b, "a/1", body, Cond{})
		mustGet(t, b, "a/1", body, etag)
		bin := string([]byte{0, 1, 2, 255, '\n', 0})
		etag = mustPut(t, b, "a/bin", bin, Cond{})
		mustGet(t, b, "a/bin", bin, etag)
	})
}

func TestBucketOverwriteChangesTheETag(t *testing.T) {
	runBucketContract(t, func(t *testing.T, b Bucket) {
		e1 := mustPut(t, b, "k", "one", Cond{})
		e2 := mustPut(t, b, "k", "two", Cond{})
		if e1 == e2 {
			t.Fatalf("ETag %s did not change when the content did", e1)
		}
		mustGet(t, b, "k", "two", e2)
	})
}

func TestBucketGetOfAMissingKeyIsErrNotFound(t *testing.T) {
	runBucketContract(t, func(t *testing.T, b Bucket) {
		if _, _, err := b.Get(context.Background(), "nothing/here"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("get of a missing key: %v, want ErrNotFound", err)
		}
		mustPut(t, b, "k", "v", Cond{})
		if err := b.Delete(context.Background(), "k"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := b.Get(context.Background(), "k"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("get of a deleted key: %v, want ErrNotFound", err)
		}
	})
}

func TestBucketIfNoneMatchCreatesOnly(t *testing.T) {
	runBucketContract(t, func(t *testing.T, b Bucket) {
		etag := mustPut(t, b, "epoch", "1", Cond{IfNoneMatch: true})
		_, err := b.Put(context.Background(), "epoch", strings.NewReader("2"), Cond{IfNoneMatch: true})
		if !errors.Is(err, ErrPrecondition) {
			t.Fatalf("create-only put on an existing key: %v, want ErrPrecondition", err)
		}
		mustGet(t, b, "epoch", "1", etag) // the refused write changed nothing
	})
}

func TestBucketIfMatchWritesOnlyOverTheGivenETag(t *testing.T) {
	runBucketContract(t, func(t *testing.T, b Bucket) {
		e1 := mustPut(t, b, "epoch", "1", Cond{})
		e2 := mustPut(t, b, "epoch", "2", Cond{IfMatch: e1})
		if e2 == e1 {
			t.Fatalf("ETag %s did not change", e1)
		}
		_, err := b.Put(context.Background(), "epoch", strings.NewReader("3"), Cond{IfMatch: e1})
		if !errors.Is(err, ErrPrecondition) {
			t.Fatalf("put with a stale If-Match: %v, want ErrPrecondition", err)
		}
		mustGet(t, b, "epoch", "2", e2)
	})
}

// An If-Match write to a key that does not exist: RFC 9110 section 13.1.1 makes
// If-Match false when there is no current representation, and MemoryBucket answers
// ErrPrecondition; versitygw answers 404 (ErrNotFound). The suite asks that it fail
// with either and create nothing (see Bucket.Put).
func TestBucketIfMatchOnAMissingKeyCreatesNothing(t *testing.T) {
	runBucketContract(t, func(t *testing.T, b Bucket) {
		_, err := b.Put(context.Background(), "epoch", strings.NewReader("1"), Cond{IfMatch: `"0123456789abcdef0123456789abcdef"`})
		if !errors.Is(err, ErrPrecondition) && !errors.Is(err, ErrNotFound) {
			t.Fatalf("If-Match put on a missing key: %v, want ErrPrecondition or ErrNotFound", err)
		}
		if _, _, err := b.Get(context.Background(), "epoch"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("after the refused put: %v, want ErrNotFound", err)
		}
	})
}

func TestBucketListReturnsKeysUnderThePrefixInOrder(t *testing.T) {
	runBucketContract(t, func(t *testing.T, b Bucket) {
		for _, k := range []string{"obj/b/2", "obj/a", "obj/b/10", "other/x", "obja"} {
			mustPut(t, b, k, k+k, Cond{})
		}
		infos, err := b.List(context.Background(), "obj/")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprint(keysOf(infos)), "[obj/a obj/b/10 obj/b/2]"; got != want {
			t.Fatalf("list obj/: %s, want %s", got, want)
		}
		for _, o := range infos {
			if o.Size != int64(2*len(o.Key)) || o.Modified.IsZero() {
				t.Errorf("%s: size %d, modified %s; want size %d and a time", o.Key, o.Size, o.Modified, 2*len(o.Key))
			}
		}
		if infos, err := b.List(context.Background(), "none/"); err != nil || len(infos) != 0 {
			t.Fatalf("list of an empty prefix: %v %v, want nothing", keysOf(infos), err)
		}
	})
}

func TestBucketDeleteIgnoresMissingKeys(t *testing.T) {
	runBucketContract(t, func(t *testing.T, b Bucket) {
		mustPut(t, b, "d/1", "1", Cond{})
		keep := mustPut(t, b, "d/2", "2", Cond{})
		if err := b.Delete(context.Background(), "d/1", "d/missing"); err != nil {
			t.Fatalf("delete of an existing and a missing key: %v", err)
		}
		if err := b.Delete(context.Background()); err != nil {
			t.Fatalf("delete of no key: %v", err)
		}
		infos, err := b.List(context.Background(), "d/")
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(keysOf(infos)); got != "[d/2]" {
			t.Fatalf("after delete: %s, want [d/2]", got)
		}
		mustGet(t, b, "d/2", "2", keep)
	})
}

func TestBucketPassesCheck(t *testing.T) {
	runBucketContract(t, func(t *testing.T, b Bucket) {
		if err := Check(context.Background(), b); err != nil {
			t.Fatal(err)
		}
		if infos, err := b.List(context.Background(), ""); err != nil || len(infos) != 0 {
			t.Fatalf("Check left %v behind (%v)", keysOf(infos), err)
		}
	})
}

func TestMemoryBucketRefusesAnEndedContext(t *testing.T) {
	b := &MemoryBucket{}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Put(ctx, "k", bytes.NewReader([]byte("v")), Cond{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("put: %v, want context.Canceled", err)
	}
	if infos, _ := b.List(context.Background(), ""); len(infos) != 0 {
		t.Fatalf("a refused put stored %v", keysOf(infos))
	}
	if _, _, err := b.Get(ctx, "k"); !errors.Is(err, context.Canceled) {
		t.Fatalf("get: %v, want context.Canceled", err)
	}
	if _, err := b.List(ctx, ""); !errors.Is(err, context.Canceled) {
		t.Fatalf("list: %v, want context.Canceled", err)
	}
}
