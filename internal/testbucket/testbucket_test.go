package testbucket_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"

	"github.com/sobjects/sobjects/internal/testbucket"
)

func put(ctx context.Context, c *s3.Client, bucket, key, body string, cond func(*s3.PutObjectInput)) (string, error) {
	in := &s3.PutObjectInput{Bucket: aws.String(bucket), Key: aws.String(key), Body: strings.NewReader(body)}
	if cond != nil {
		cond(in)
	}
	out, err := c.PutObject(ctx, in)
	if err != nil {
		return "", err
	}
	return aws.ToString(out.ETag), nil
}

func get(ctx context.Context, c *s3.Client, bucket, key string) (string, error) {
	out, err := c.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		return "", err
	}
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	return string(b), err
}

// wantPreconditionFailed checks that err is S3's 412 PreconditionFailed.
func wantPreconditionFailed(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: succeeded, want 412 PreconditionFailed", what)
	}
	var re *awshttp.ResponseError
	var ae smithy.APIError
	if !errors.As(err, &re) || re.HTTPStatusCode() != http.StatusPreconditionFailed ||
		!errors.As(err, &ae) || ae.ErrorCode() != "PreconditionFailed" {
		t.Fatalf("%s: %v, want 412 PreconditionFailed", what, err)
	}
}

// TestConditionalWrites is what the backup code relies on: versitygw refuses a create
// over an existing key and an overwrite with a stale ETag.
func TestConditionalWrites(t *testing.T) {
	srv := testbucket.Start(t)
	ctx := context.Background()
	c := srv.Client()
	b := srv.Bucket

	etag1, err := put(ctx, c, b, "obj", "one", func(in *s3.PutObjectInput) { in.IfNoneMatch = aws.String("*") })
	if err != nil {
		t.Fatalf("create with If-None-Match *: %v", err)
	}
	_, err = put(ctx, c, b, "obj", "two", func(in *s3.PutObjectInput) { in.IfNoneMatch = aws.String("*") })
	wantPreconditionFailed(t, "create over an existing key", err)

	etag2, err := put(ctx, c, b, "obj", "three", func(in *s3.PutObjectInput) { in.IfMatch = aws.String(etag1) })
	if err != nil {
		t.Fatalf("overwrite with the current ETag: %v", err)
	}
	if etag2 == etag1 {
		t.Fatalf("ETag unchanged by an overwrite with other content: %s", etag1)
	}
	_, err = put(ctx, c, b, "obj", "four", func(in *s3.PutObjectInput) { in.IfMatch = aws.String(etag1) })
	wantPreconditionFailed(t, "overwrite with a stale ETag", err)

	if got, err := get(ctx, c, b, "obj"); err != nil || got != "three" {
		t.Fatalf("get = %q, %v; want \"three\"", got, err)
	}

	env := strings.Join(srv.Env(), " ")
	for _, want := range []string{"S3_ENDPOINT=" + srv.Endpoint, "AWS_ACCESS_KEY_ID=" + srv.AccessKey,
		"AWS_SECRET_ACCESS_KEY=" + srv.SecretKey, "AWS_REGION=us-east-1"} {
		if !strings.Contains(env, want) {
			t.Errorf("Env() = %q, missing %q", env, want)
		}
	}
}

// TestProxyFaults drives every fault of a Proxy in front of versitygw.
func TestProxyFaults(t *testing.T) {
	srv := testbucket.Start(t)
	px := testbucket.StartProxy(t, srv.Addr)
	// One attempt per call: the faults must show, not be retried away.
	c := srv.ClientAt(px.URL(), func(o *s3.Options) { o.RetryMaxAttempts = 1 })
	b := srv.Bucket
	ctx := context.Background()

	if _, err := put(ctx, c, b, "k", "v", nil); err != nil {
		t.Fatalf("put through the proxy: %v", err)
	}
	roundTrip := func() (time.Duration, error) {
		ctx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		start := time.Now()
		got, err := get(ctx, c, b, "k")
		if err == nil && got != "v" {
			t.Fatalf("get through the proxy = %q, want \"v\"", got)
		}
		return time.Since(start), err
	}

	px.Down()
	start := time.Now()
	if _, err := roundTrip(); err == nil {
		t.Fatal("get succeeded with the proxy down")
	} else if d := time.Since(start); d > time.Second {
		t.Errorf("get with the proxy down failed after %v, want at once (refused): %v", d, err)
	} else {
		t.Logf("down: %v", err)
	}
	px.Restore()
	if _, err := roundTrip(); err != nil {
		t.Fatalf("get after Restore from Down: %v", err)
	}

	px.AddLatency(200)
	if d, err := roundTrip(); err != nil {
		t.Fatalf("get with latency: %v", err)
	} else if d < 200*time.Millisecond {
		t.Fatalf("get with 200 ms latency took %v", d)
	}
	px.Restore()
	if d, err := roundTrip(); err != nil || d >= 200*time.Millisecond {
		t.Fatalf("get after Restore from latency: %v, %v", d, err)
	}

	px.Blackhole()
	if d, err := roundTrip(); err == nil {
		t.Fatal("get succeeded through a blackhole")
	} else if !errors.Is(err, context.DeadlineExceeded) || d < time.Second {
		t.Fatalf("get through a blackhole ended after %v with %v, want a hang until the 1 s deadline", d, err)
	}
	px.Restore()
	if _, err := roundTrip(); err != nil {
		t.Fatalf("get after Restore from Blackhole: %v", err)
	}
}
