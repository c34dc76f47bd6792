package host

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A delete queued at a busy object shares the next batch with the calls queued after
// it. Those that must not create the object (RunExisting, a keyed call to a leaf) must
// find it deleted, not open a new database: one opened then runs the plugin's init,
// whose tables make the new database look like data (the splitter then refuses to
// remove it, ErrForeignData).
func TestDeleteThenMustExistInOneBatch(t *testing.T) {
	e := newEngine(t, Options{})
	deploy(t, e, "ledger", "ledger")
	ctx := context.Background()
	if _, err := e.Run(ctx, "ledger", "x", func(*Tx) ([]byte, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	o := e.object("ledger", "x")
	queued := func(n int) {
		t.Helper()
		for i := 0; ; i++ {
			o.mu.Lock()
			l := len(o.queue)
			o.mu.Unlock()
			if l >= n {
				return
			}
			if i > 5000 {
				t.Fatalf("%d calls queued, want %d", l, n)
			}
			time.Sleep(time.Millisecond)
		}
	}
	// A call that holds the object's input gate until release.
	started, release := make(chan struct{}), make(chan struct{})
	busy := make(chan error, 1)
	go func() {
		_, err := e.RunExisting(ctx, "ledger", "x", func(*Tx) ([]byte, error) {
			close(started)
			<-release
			return nil, nil
		})
		busy <- err
	}()
	<-started
	deleted := make(chan error, 1)
	go func() { deleted <- e.Delete(ctx, "ledger", "x") }()
	queued(1)
	existing := make(chan error, 1)
	go func() {
		_, err := e.RunExisting(ctx, "ledger", "x", func(*Tx) ([]byte, error) { return nil, nil })
		existing <- err
	}()
	queued(2)
	keyed := make(chan error, 1)
	go func() {
		_, _, err := e.CallKeyed(ctx, "ledger", "x", "1", "get", []string{"k"}, []byte(`{"keys":["k"]}`))
		keyed <- err
	}()
	queued(3)
	close(release)
	if err := <-busy; err != nil {
		t.Fatal(err)
	}
	if err := <-deleted; err != nil {
		t.Fatal(err)
	}
	if err := <-existing; !errors.Is(err, ErrNoDatabase) {
		t.Errorf("RunExisting queued after a delete: %v, want ErrNoDatabase", err)
	}
	var le *LeafError
	if err := <-keyed; !errors.As(err, &le) || le.Reason != Missing {
		t.Errorf("keyed call queued after a delete: %v, want a missing leaf", err)
	}
	if ok, err := e.ObjectExists(ctx, "ledger", "x"); err != nil || ok {
		t.Errorf("after the delete the object exists: %v, %v", ok, err)
	}
}
