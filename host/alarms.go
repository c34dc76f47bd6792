package host

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// alarmScheduler fires alarms from the engine-wide index (ABI.md section 6).
type alarmScheduler struct {
	e     *Engine
	index *storage.AlarmIndex
	wake  chan struct{} // a buffered nudge: the index changed

	mu       sync.Mutex
	inFlight map[string]bool // object ids being delivered; guarded by mu
}

func newAlarmScheduler(e *Engine, index *storage.AlarmIndex) *alarmScheduler {
	return &alarmScheduler{e: e, index: index, wake: make(chan struct{}, 1), inFlight: map[string]bool{}}
}

// poke tells the scheduler the index changed.
func (s *alarmScheduler) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// run fires due alarms until ctx ends. wg tracks the deliveries it starts.
func (s *alarmScheduler) run(ctx context.Context, wg *sync.WaitGroup) {
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		wait := time.Hour
		if at, ok, err := s.index.Next(); err != nil {
			s.e.log.Error("alarm index", "err", err)
			wait = time.Second
		} else if ok {
			wait = time.Until(time.UnixMilli(at))
		}
		timer.Reset(max(wait, 0))
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
			continue
		case <-timer.C:
		}
		now := time.Now()
		due, err := s.index.Due(now.UnixMilli(), 256)
		if err != nil {
			s.e.log.Error("alarm index", "err", err)
			continue
		}
		for _, a := range due {
			s.mu.Lock()
			busy := s.inFlight[a.ObjectID]
			s.inFlight[a.ObjectID] = true
			s.mu.Unlock()
			// Lease the entry past the longest a delivery can take, so the loop does not
			// see it again; if the process dies, the alarm fires again after the lease.
			// An object whose previous delivery is still running (and set this alarm) is
			// looked at again shortly instead.
			lease := now.Add(s.e.opts.CallTimeout + 10*time.Second)
			if busy {
				lease = now.Add(250 * time.Millisecond)
			}
			if err := s.index.Lease(a.ObjectID, lease.UnixMilli()); err != nil {
				s.e.log.Error("alarm index", "err", err)
			}
			if busy {
				continue
			}
			wg.Add(1)
			go func(a storage.Alarm) {
				defer wg.Done()
				s.deliver(ctx, a)
			}(a)
		}
	}
}

// deliver runs one alarm call; the object's batch updates the index.
func (s *alarmScheduler) deliver(ctx context.Context, a storage.Alarm) {
	defer func() {
		s.mu.Lock()
		delete(s.inFlight, a.ObjectID)
		s.mu.Unlock()
		s.poke()
	}()
	c := &call{ctx: ctx, kind: kindAlarm, alarm: a.At, retry: a.Retry, done: make(chan bool, 1)}
	err := s.e.do(a.Class, a.Name, c)
	if o := OwnedElsewhere(nil); errors.As(err, &o) {
		// Another node owns the object (an alarm adopted from a node that left, which
		// another node took over first): its index has the alarm, and it fires it.
		s.e.log.Debug("alarm of an object another node owns: dropped here", "class", a.Class, "object", a.Name, "owner", o.OwnerPeer())
		if err := s.index.Delete(a.ObjectID); err != nil {
			s.e.log.Error("alarm index", "err", err)
		}
		return
	}
	s.e.metrics.alarm(err)
	if err != nil {
		s.e.log.Warn("alarm failed", "class", a.Class, "object", a.Name, "retry", a.Retry, "err", err)
	}
}

// alarmIndexFile is the name of the alarm index among the node's files in a bucket.
const alarmIndexFile = "alarms.db"

// restoreFromBucket brings back what a lost data directory held besides the objects
// (which come back one by one at their first call): the classes and the alarm index,
// so alarms of objects not yet restored still fire.
func (e *Engine) restoreFromBucket(ctx context.Context, indexPath string) error {
	n, err := restoreClasses(ctx, e.opts.Backup, e.reg.dir)
	if err != nil {
		return fmt.Errorf("engine: restore classes from the bucket: %w", err)
	}
	if n > 0 {
		e.log.Info("restored classes from the bucket", "files", n)
	}
	if _, err := os.Stat(indexPath); errors.Is(err, os.ErrNotExist) {
		switch err := e.opts.Backup.GetFile(ctx, e.opts.Backup.NodeKey(alarmIndexFile), indexPath); {
		case err == nil:
			e.log.Info("restored the alarm index from the bucket")
		case !errors.Is(err, backup.ErrNotFound):
			return fmt.Errorf("engine: restore the alarm index from the bucket: %w", err)
		}
	}
	return nil
}

// AdoptAlarms takes over the alarms of node, another node of the cluster on the same
// bucket that left it (its lease is over): the entries of the copy of its alarm index
// in the bucket join this node's index, except for objects this index has already.
// Each fires here unless another node owns its object by then, which fires it itself
// (the entry is dropped here at delivery). An alarm that node set after its index's last
// copy (Options.Backup's interval) is not among them: it fires once its object is
// activated. It returns how many entries it adopted.
func (e *Engine) AdoptAlarms(ctx context.Context, node string) (int, error) {
	if e.opts.Backup == nil {
		return 0, errors.New("engine: AdoptAlarms without a backup bucket")
	}
	tmp, err := os.MkdirTemp(e.opts.DataDir, "adopt-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	path := filepath.Join(tmp, alarmIndexFile)
	switch err := e.opts.Backup.GetFile(ctx, e.opts.Backup.NodeKeyOf(node, alarmIndexFile), path); {
	case errors.Is(err, backup.ErrNotFound):
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("engine: the alarm index of node %s: %w", node, err)
	}
	theirs, err := storage.OpenAlarmIndex(ctx, path, storage.Options{Durability: storage.DurabilityRelaxed})
	if err != nil {
		return 0, err
	}
	all, err := theirs.All()
	theirs.Close()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, a := range all {
		if _, ok, err := e.alarms.index.Get(a.ObjectID); err != nil {
			return n, err
		} else if ok {
			continue
		}
		if err := e.alarms.index.Set(a.ObjectID, a.Class, a.Name, a.At, a.Retry); err != nil {
			return n, err
		}
		n++
	}
	if n > 0 {
		e.alarms.poke()
	}
	return n, nil
}

// backupAlarmIndex copies the alarm index to the bucket every backup interval in which
// it changed. An alarm set since the last copy is still in its object's database; the
// index learns of it again when the object is restored (Replica.Restored).
func (e *Engine) backupAlarmIndex(ctx context.Context) {
	every(ctx, e.opts.Backup.Interval(), func() {
		if err := e.uploadIDKey(ctx); err != nil {
			e.log.Warn("backup: the ids' secret", "err", err)
		}
		if err := e.uploadAlarmIndex(ctx); err != nil {
			e.log.Warn("backup: alarm index", "err", err)
		}
	})
}

// uploadAlarmIndex copies the alarm index to the bucket if it changed since the last
// copy.
func (e *Engine) uploadAlarmIndex(ctx context.Context) error {
	n := e.alarms.index.Changes()
	if n == e.indexCopied.Load() {
		return nil
	}
	tmp := filepath.Join(e.opts.DataDir, "alarms.db.copy")
	os.Remove(tmp)
	defer os.Remove(tmp)
	if err := e.alarms.index.CopyTo(tmp); err != nil {
		return err
	}
	if err := e.opts.Backup.PutFile(ctx, e.opts.Backup.NodeKey(alarmIndexFile), tmp); err != nil {
		return err
	}
	e.indexCopied.Store(n)
	return nil
}
