// Package testbucket gives tests a real S3 server and network faults between it and the
// code under test.
//
// Start runs versitygw (a real S3 server, posix backend) on a free loopback port with one
// empty bucket; StartProxy runs toxiproxy in front of any address, to add latency, refuse
// connections or swallow traffic. Both are stopped, by process id, when the test ends.
//
// The binaries come from tools/build.sh (pinned in tools/go.mod); ./test.sh builds them
// and sets SOBJECTS_VERSITYGW and SOBJECTS_TOXIPROXY to their paths. Without those
// variables, and without versitygw or toxiproxy-server on the PATH, the tests that need
// them are skipped.
package testbucket

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
)

// The environment variables naming the binaries (set by ./test.sh).
const (
	EnvVersitygw = "SOBJECTS_VERSITYGW"
	EnvToxiproxy = "SOBJECTS_TOXIPROXY"
)

// Region is the region every Server answers for.
const Region = "us-east-1"

// startTimeout bounds how long Start and StartProxy wait for their server to answer.
const startTimeout = 20 * time.Second

// Server is a versitygw S3 server serving one bucket from a directory of the test's.
type Server struct {
	Endpoint  string // http://127.0.0.1:PORT
	Addr      string // 127.0.0.1:PORT, for StartProxy
	AccessKey string
	SecretKey string
	Region    string // us-east-1
	Bucket    string // created empty by Start
	Dir       string // versitygw's posix root: the bucket's objects are files under Dir/Bucket

	p *proc
}

// Available reports whether Start finds versitygw: the variable SOBJECTS_VERSITYGW is
// set (Start fails the test when it names no file), or versitygw is on the PATH. A test
// that can run on another bucket asks it to choose one instead of being skipped.
func Available() bool {
	if os.Getenv(EnvVersitygw) != "" {
		return true
	}
	_, err := exec.LookPath("versitygw")
	return err == nil
}

// Start starts versitygw on a free loopback port, serving a directory under t.TempDir(),
// creates Bucket, and stops the server when the test ends. The credentials are random,
// different for each Server. It skips the test when the binary is missing (see the
// package doc) and fails it when the server does not start.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := binary(t, EnvVersitygw, "versitygw")
	tmp := t.TempDir()
	s := &Server{
		AccessKey: "AK" + strings.ToUpper(randHex(9)),
		SecretKey: randHex(20),
		Region:    Region,
		Bucket:    "sobjects-test",
		Dir:       filepath.Join(tmp, "root"),
	}
	if err := os.Mkdir(s.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The free port can be taken between freePort and versitygw's bind; then versitygw
	// exits and we try another.
	var lastErr error
	sidecar := false
	for attempt := 0; attempt < 5; attempt++ {
		port, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		s.Addr = net.JoinHostPort("127.0.0.1", itoa(port))
		s.Endpoint = "http://" + s.Addr
		args := []string{
			"--access", s.AccessKey, "--secret", s.SecretKey, "--region", s.Region,
			"--port", s.Addr, "--quiet",
			"posix",
		}
		if sidecar {
			args = append(args, "--sidecar", filepath.Join(tmp, "meta"))
		}
		args = append(args, s.Dir)
		p, err := startProc(bin, args, childEnv(), filepath.Join(tmp, fmt.Sprintf("versitygw.%d.log", attempt)))
		if err != nil {
			t.Fatalf("testbucket: starting %s: %v", bin, err)
		}
		s.p = p
		lastErr = s.createBucket()
		if lastErr == nil {
			t.Cleanup(func() {
				s.Stop()
				if t.Failed() {
					t.Logf("testbucket: versitygw %s (pid %d) output:\n%s", s.Endpoint, p.Pid(), p.logTail())
				}
			})
			return s
		}
		p.stop()
		if !errors.Is(lastErr, errExited) {
			break
		}
		// versitygw keeps object metadata (ETags among it) in extended attributes and
		// refuses to start where the test's temporary directory has none (tmpfs before
		// Linux 6.6); then it keeps them in a sidecar directory instead.
		if !sidecar && strings.Contains(p.logTail(), "xattrs are not supported") {
			sidecar = true
			if err := os.Mkdir(filepath.Join(tmp, "meta"), 0o755); err != nil {
				t.Fatal(err)
			}
			t.Logf("testbucket: %s has no extended attributes; versitygw keeps metadata in a sidecar directory", tmp)
		}
	}
	t.Fatalf("testbucket: versitygw did not start: %v\n%s", lastErr, s.p.describeExit())
	return nil
}

// createBucket creates s.Bucket once the server answers. It fails with errExited when the
// process ends first (most likely it could not bind its port).
func (s *Server) createBucket() error {
	c := s.Client(func(o *s3.Options) { o.RetryMaxAttempts = 1 })
	deadline := time.Now().Add(startTimeout)
	for {
		if s.p.exited() {
			return errExited
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := c.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(s.Bucket)})
		cancel()
		if err == nil {
			// Another server that took the port first would have refused our credentials;
			// one that lost the port to us would have exited. Make sure ours is alive.
			time.Sleep(10 * time.Millisecond)
			if s.p.exited() {
				return errExited
			}
			return nil
		}
		var apiErr smithy.APIError
		if errors.As(err, &apiErr) {
			// It answered, with an S3 error: from someone else's server that held the port
			// (our credentials are unknown there; ours, failing to bind, exits) or a real
			// failure.
			select {
			case <-s.p.done:
				return errExited
			case <-time.After(500 * time.Millisecond):
			}
			return fmt.Errorf("CreateBucket %s: %w", s.Bucket, err)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no answer on %s after %v: %w", s.Addr, startTimeout, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Stop kills the server (SIGKILL, by process id) and waits for it to exit. The test's
// cleanup calls it; a test may call it earlier, to lose the bucket for good.
func (s *Server) Stop() { s.p.stop() }

// Pid is the server's process id.
func (s *Server) Pid() int { return s.p.Pid() }

// Env is the environment a child process needs to reach the bucket: S3_ENDPOINT,
// AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, and AWS_EC2_METADATA_DISABLED
// (so the SDK never waits on an instance metadata service). Append it to os.Environ().
func (s *Server) Env() []string { return s.EnvAt(s.Endpoint) }

// EnvAt is Env with S3_ENDPOINT set to endpoint, such as a Proxy's URL().
func (s *Server) EnvAt(endpoint string) []string {
	return []string{
		"S3_ENDPOINT=" + endpoint,
		"AWS_ACCESS_KEY_ID=" + s.AccessKey,
		"AWS_SECRET_ACCESS_KEY=" + s.SecretKey,
		"AWS_REGION=" + s.Region,
		"AWS_EC2_METADATA_DISABLED=true",
	}
}

// Client is an S3 client for the server (path-style addressing, static credentials); opts
// adjust it, e.g. func(o *s3.Options) { o.RetryMaxAttempts = 1 }.
func (s *Server) Client(opts ...func(*s3.Options)) *s3.Client {
	return s.ClientAt(s.Endpoint, opts...)
}

// ClientAt is Client talking to endpoint instead, such as a Proxy's URL().
func (s *Server) ClientAt(endpoint string, opts ...func(*s3.Options)) *s3.Client {
	return s3.New(s3.Options{
		Region:       s.Region,
		BaseEndpoint: aws.String(endpoint),
		UsePathStyle: true,
		Credentials:  credentials.NewStaticCredentialsProvider(s.AccessKey, s.SecretKey, ""),
	}, opts...)
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
