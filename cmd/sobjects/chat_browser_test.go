package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// The chat page of the examples (GET /chat/ROOM/) in a real browser: headless Chromium,
// driven over the DevTools protocol, opens it twice, as ann and as bob; ann says
// something and bob's page shows it. The test starts its own `sobjects run` with the
// bundled examples, or uses the server at SOBJECTS_CHAT_URL (tools/chat-browser.sh).
// It skips when no Chromium is installed (apt-get install chromium), or SOBJECTS_CHROMIUM
// names one.
func TestChatInBrowser(t *testing.T) {
	browser := os.Getenv("SOBJECTS_CHROMIUM")
	if browser == "" {
		for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
			if p, err := exec.LookPath(name); err == nil {
				browser = p
				break
			}
		}
	}
	if browser == "" {
		t.Skip("no chromium installed (apt-get install chromium), and SOBJECTS_CHROMIUM is not set")
	}
	base := os.Getenv("SOBJECTS_CHAT_URL")
	if base == "" {
		base = startServer(t)
	}
	base = strings.TrimRight(base, "/")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := startBrowser(t, ctx, browser)
	room := fmt.Sprintf("browser-%d", time.Now().UnixNano())
	status := `document.getElementById("status").textContent`
	log := `document.getElementById("log").innerText`
	ann := b.open(t, ctx, base+"/chat/"+room+"/?name=ann")
	ann.waitFor(t, ctx, status, "connected as ann")
	bob := b.open(t, ctx, base+"/chat/"+room+"/?name=bob") // after ann joined: she sees him join
	bob.waitFor(t, ctx, status, "connected as bob")
	ann.waitFor(t, ctx, log, "bob joined (2 here)")
	ann.eval(t, ctx, `document.getElementById("text").value = "hello from the browser"; document.getElementById("send").requestSubmit(); "sent"`)
	got := bob.waitFor(t, ctx, log, "hello from the browser")
	if !regexp.MustCompile(`(?m)^ann\s*hello from the browser$`).MatchString(got) {
		t.Fatalf("bob's page shows the message, but not as ann's:\n%s", got)
	}
	ann.waitFor(t, ctx, log, "hello from the browser") // the sender's copy too
	bob.eval(t, ctx, `document.getElementById("text").value = "hi ann"; document.getElementById("send").requestSubmit(); "sent"`)
	ann.waitFor(t, ctx, log, "hi ann")
}

// startServer runs `sobjects run` (the test binary as the CLI) with the bundled
// examples on a free port, until the test ends, and returns its URL.
func startServer(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "run", "--data-dir", filepath.Join(dir, "data"), "--listen", "127.0.0.1:0")
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SOBJECTS_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, envRunCLI+"=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stderr)
		serving := regexp.MustCompile(`msg=serving url=(\S+)`)
		for lines.Scan() {
			if m := serving.FindStringSubmatch(lines.Text()); m != nil {
				found <- m[1]
			}
		}
		close(found)
	}()
	select {
	case u, ok := <-found:
		if !ok {
			t.Fatal("sobjects run exited before it served")
		}
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("sobjects run did not serve within 30 s")
		return ""
	}
}

// cdp is a connection to a browser's DevTools protocol (chromedevtools.github.io/
// devtools-protocol): commands by id, for the browser or for a page's session.
type cdp struct {
	c      *websocket.Conn
	mu     sync.Mutex
	nextID int
	wait   map[int]chan cdpReply
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// startBrowser starts headless Chromium with a DevTools port, until the test ends.
func startBrowser(t *testing.T, ctx context.Context, path string) *cdp {
	t.Helper()
	// Not t.TempDir: Chromium's helpers may still write there as it goes.
	profile, err := os.MkdirTemp("", "sobjects-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--no-first-run", "--remote-debugging-port=0", "--user-data-dir="+profile, "about:blank")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its helpers end with it
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		os.RemoveAll(profile)
	})
	found := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stderr)
		for lines.Scan() {
			if u, ok := strings.CutPrefix(lines.Text(), "DevTools listening on "); ok {
				found <- u
			}
		}
		close(found)
	}()
	var u string
	select {
	case u = <-found:
		if u == "" {
			t.Fatal("chromium exited before it listened for DevTools")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("chromium did not listen for DevTools within 30 s")
	}
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(64 << 20)
	d := &cdp{c: c, wait: map[int]chan cdpReply{}}
	go d.read()
	t.Cleanup(func() { c.CloseNow() })
	return d
}

func (d *cdp) read() {
	for {
		_, b, err := d.c.Read(context.Background())
		if err != nil {
			return
		}
		var m struct {
			ID int `json:"id"`
			cdpReply
		}
		if json.Unmarshal(b, &m) != nil || m.ID == 0 {
			continue // an event
		}
		d.mu.Lock()
		ch := d.wait[m.ID]
		delete(d.wait, m.ID)
		d.mu.Unlock()
		if ch != nil {
			ch <- m.cdpReply
		}
	}
}

// call sends method with params (to the page of session, or to the browser when it is
// "") and decodes its result into out.
func (d *cdp) call(ctx context.Context, session, method string, params, out any) error {
	d.mu.Lock()
	d.nextID++
	id := d.nextID
	ch := make(chan cdpReply, 1)
	d.wait[id] = ch
	d.mu.Unlock()
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	b, _ := json.Marshal(msg)
	if err := d.c.Write(ctx, websocket.MessageText, b); err != nil {
		return err
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// page is a browser tab.
type page struct {
	d       *cdp
	session string
	url     string
}

// open opens url in a new tab.
func (d *cdp) open(t *testing.T, ctx context.Context, url string) *page {
	t.Helper()
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := d.call(ctx, "", "Target.createTarget", map[string]any{"url": url}, &target); err != nil {
		t.Fatal(err)
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := d.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		t.Fatal(err)
	}
	return &page{d: d, session: attached.SessionID, url: url}
}

// eval evaluates expr in the page and returns its value as a string.
func (p *page) eval(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	s, err := p.try(ctx, expr)
	if err != nil {
		t.Fatalf("%s: %v", p.url, err)
	}
	return s
}

func (p *page) try(ctx context.Context, expr string) (string, error) {
	var r struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := p.d.call(ctx, p.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r); err != nil {
		return "", err
	}
	if r.Exception != nil {
		return "", errors.New(r.Exception.Text)
	}
	return fmt.Sprint(r.Result.Value), nil
}

// waitFor evaluates expr until its value contains want, and returns that value.
func (p *page) waitFor(t *testing.T, ctx context.Context, expr, want string) string {
	t.Helper()
	var last string
	var err error
	for ctx.Err() == nil {
		last, err = p.try(ctx, expr)
		if err == nil && strings.Contains(last, want) {
			return last
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s: %s never showed %q; last %q (%v)", p.url, expr, want, last, err)
	return ""
}
