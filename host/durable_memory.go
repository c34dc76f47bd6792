package host

import (
	"errors"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/storage"
)

// Durable memory (ABI.md section 13): a plugin whose state lives in its memory keeps
// it as an image and a journal in the object's database (storage's generations). An
// entry appended is committed with the call's other writes; an image is written in
// chunks from the plugin's memory and replaces the generation before when committed,
// in the call's transaction; at activation the plugin reads the image and the journal
// after it, row by row.

// MemoryAppend appends entry to the journal.
func (env *callEnv) MemoryAppend(entry []byte) error {
	return memoryError(env.db.MemoryAppend(entry))
}

// MemoryImageBegin starts a new image; one may be under way at a time in a call.
func (env *callEnv) MemoryImageBegin() error {
	if env.image != nil {
		return abi.Errorf(abi.CodeBadInput, "memory_image_begin: an image is being written already; commit or abort it first")
	}
	img, err := env.db.MemoryImageBegin()
	if err != nil {
		return err
	}
	env.image = img
	return nil
}

// MemoryImageWrite appends chunk to the image under way.
func (env *callEnv) MemoryImageWrite(chunk []byte) error {
	if env.image == nil {
		return abi.Errorf(abi.CodeBadInput, "memory_image_write: no image is being written (memory_image_begin)")
	}
	return memoryError(env.image.Write(chunk))
}

// MemoryImageCommit makes the image under way the current one.
func (env *callEnv) MemoryImageCommit() error {
	if env.image == nil {
		return abi.Errorf(abi.CodeBadInput, "memory_image_commit: no image is being written (memory_image_begin)")
	}
	img := env.image
	env.image, env.memoryAt = nil, 0
	return img.Commit()
}

// MemoryImageAbort drops the image under way, if any.
func (env *callEnv) MemoryImageAbort() error {
	if env.image == nil {
		return nil
	}
	img := env.image
	env.image = nil
	return img.Abort()
}

// MemoryRead appends the next row of the current generation to out: a byte, 1 for an
// image chunk and 2 for a journal entry, then its bytes; abi.CodeNotFound after the
// last. The call's first read starts at the first row.
func (env *callEnv) MemoryRead(out []byte) ([]byte, error) {
	seq, image, data, ok, err := env.db.MemoryNext(env.memoryAt)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, abi.Errorf(abi.CodeNotFound, "memory_read: no more rows")
	}
	env.memoryAt = seq
	kind := byte(2)
	if image {
		kind = 1
	}
	return append(append(out, kind), data...), nil
}

// MemorySetDead records how many bytes of the durable memory the plugin counts dead.
func (env *callEnv) MemorySetDead(n int64) error {
	if n < 0 {
		return abi.Errorf(abi.CodeBadInput, "memory_set_dead: %d is negative", n)
	}
	return env.db.MemorySetDead(n)
}

// MemoryStats appends the durable memory's stats to out, MessagePack [generation,
// image bytes, journal bytes, dead bytes, due], due by the class's MemoryPolicy
// (Options.MemoryPolicies).
func (env *callEnv) MemoryStats(out []byte) ([]byte, error) {
	st, err := env.db.MemoryStats()
	if err != nil {
		return nil, err
	}
	enc := abi.Encoder{Buf: out}
	enc.ArrayHeader(5)
	enc.Int(st.Generation)
	enc.Int(st.ImageBytes)
	enc.Int(st.JournalBytes)
	enc.Int(st.DeadBytes)
	p, _ := env.obj.e.opts.MemoryPolicies[env.obj.class].WithDefaults()
	enc.Bool(p.Due(st))
	return enc.Buf, nil
}

// closeImage ends a call's image left open: it is dropped, and the call fails.
func (env *callEnv) closeImage() error {
	if env.image == nil {
		return nil
	}
	env.MemoryImageAbort()
	return abi.Errorf(abi.CodeBadInput, "the call returned with an image being written: commit it (memory_image_commit) or abort it")
}

// memoryError is storage's error of a row over the limit as the plugin's mistake.
func memoryError(err error) error {
	if errors.Is(err, storage.ErrMemoryRowTooLarge) {
		return abi.Errorf(abi.CodeTooLarge, "%v", err)
	}
	return err
}
