package abi

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is the ABI version this package describes (ABI.md section 1).
const Version = 1

// Revision counts the additions to Version this package describes (ABI.md section 1):
// 0 is version 1 as first released; revision 1 adds the host function object_name;
// revision 2 adds WebSockets: the websocket_* host functions and exports (section 12);
// revision 3 adds durable memory: the memory_* host functions (section 13).
// Additions never change what a plugin of an earlier revision sees.
const Revision = 3

// VersionExportPrefix starts the name of the export by which a plugin declares its ABI
// version: "sobjects_abi_v1" declares version 1.
const VersionExportPrefix = "sobjects_abi_v"

// Names of the exports a plugin provides (ABI.md section 2).
const (
	ExportMemory = "memory"
	ExportAlloc  = "sobjects_alloc"
	ExportInit   = "init"
	ExportAlarm  = "alarm"
	ExportFetch  = "fetch"
	// ExportAfterClone and ExportBeforeHandOut are the lifecycle exports of a
	// splittable class (ABI.md section 4.7).
	ExportAfterClone    = "after_clone"
	ExportBeforeHandOut = "before_hand_out"
	// ExportSplittable marks a class as splittable: a function () -> () the host never
	// calls (ABI.md section 4.7).
	ExportSplittable = "sobjects_splittable"
)

// IsLifecycle reports whether name is a lifecycle export: the host calls it, callers
// cannot (ABI.md section 2).
func IsLifecycle(name string) bool {
	switch name {
	case ExportInit, ExportAlarm, ExportFetch, ExportAfterClone, ExportBeforeHandOut:
		return true
	}
	return IsWebSocketExport(name)
}

// HostModule is the import module name of the host functions (ABI.md section 4).
const HostModule = "sobjects"

// WASIModule is the one other import module a plugin may use.
const WASIModule = "wasi_snapshot_preview1"

// ExtismEnvModule is the import module of the Extism kernel: a module that imports a
// function from it is an Extism plugin (ABI.md section 10).
const ExtismEnvModule = "extism:host/env"

// ExtismUserModule is the import module of the host functions offered to Extism
// plugins (ABI.md section 10).
const ExtismUserModule = "extism:host/user"

// Names of the host functions (ABI.md section 4.2).
const (
	FuncSQLExec         = "sql_exec"
	FuncKVGet           = "kv_get"
	FuncKVPut           = "kv_put"
	FuncKVDelete        = "kv_delete"
	FuncKVList          = "kv_list"
	FuncTxnBegin        = "txn_begin"
	FuncTxnCommit       = "txn_commit"
	FuncTxnRollback     = "txn_rollback"
	FuncAlarmSet        = "alarm_set"
	FuncAlarmGet        = "alarm_get"
	FuncAlarmDelete     = "alarm_delete"
	FuncCall            = "call"
	FuncDBSize          = "db_size"
	FuncObjectName      = "object_name"
	FuncBookmarkCurrent = "bookmark_current"
	FuncBookmarkForTime = "bookmark_for_time"
	FuncBookmarkRestore = "bookmark_restore"
	FuncKeyedRead       = "keyed_read"
	FuncKeyedWrite      = "keyed_write"
	FuncKeyedScan       = "keyed_scan"
	FuncNowMs           = "now_ms"
	FuncLog             = "log"
	FuncFail            = "fail"
	FuncResultLen       = "result_len"
	FuncResultTake      = "result_take"

	// The WebSocket host functions (ABI.md section 12), since revision 1.2. Named ws_*
	// so that none shares a name with an export a plugin defines (websocket_close): a
	// linker would bind the import to the plugin's own function.
	FuncWSAccept        = "ws_accept"
	FuncWSSend          = "ws_send"
	FuncWSClose         = "ws_close"
	FuncWSList          = "ws_list"
	FuncWSTags          = "ws_tags"
	FuncWSAttachmentGet = "ws_attachment_get"
	FuncWSAttachmentSet = "ws_attachment_set"

	// The durable memory host functions (ABI.md section 13), since revision 1.3.
	FuncMemoryAppend      = "memory_append"
	FuncMemoryImageBegin  = "memory_image_begin"
	FuncMemoryImageWrite  = "memory_image_write"
	FuncMemoryImageCommit = "memory_image_commit"
	FuncMemoryImageAbort  = "memory_image_abort"
	FuncMemoryRead        = "memory_read"
	FuncMemorySetDead     = "memory_set_dead"
	FuncMemoryStats       = "memory_stats"
)

// ParseVersionExport reports whether name is an ABI version marker and which version
// it declares. ok is false for names without the prefix; err is set for a marker whose
// version is not a positive decimal number.
func ParseVersionExport(name string) (version int, ok bool, err error) {
	rest, found := strings.CutPrefix(name, VersionExportPrefix)
	if !found {
		return 0, false, nil
	}
	v, err := strconv.Atoi(rest)
	if err != nil || v <= 0 {
		return 0, true, fmt.Errorf("malformed ABI version export %q", name)
	}
	return v, true, nil
}

// IsMethodName reports whether name may be called as a method: 1 to 256 bytes of
// [A-Za-z0-9_], not starting with "_" or "sobjects_", and not a lifecycle export
// (ABI.md section 2).
func IsMethodName(name string) bool {
	if name == "" || len(name) > MaxNameLen || name[0] == '_' ||
		strings.HasPrefix(name, "sobjects_") || IsLifecycle(name) {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// MaxNameLen is the longest class, object or method name, in bytes.
const MaxNameLen = 256

// Default limits (ABI.md section 9). Each is a host setting; these are the values a
// zero setting means.
const (
	DefaultMemoryLimitBytes = 128 << 20 // linear memory per plugin instance
	DefaultCallTimeoutSecs  = 30        // wall time per call, SQL included
	DefaultMaxKVValueBytes  = 2 << 20
	MaxKVKeyBytes           = 2048
	DefaultMaxInputBytes    = 1 << 20  // method input over HTTP
	DefaultMaxOutputBytes   = 32 << 20 // method output
	DefaultMaxUploadBytes   = 32 << 20 // plugin upload
	MaxSQLBytes             = 100_000
	MaxSQLParams            = 100
	MaxCallDepth            = 16
	// What a plugin logs (log, console.log, Extism's log), in bytes of messages: one
	// message is cut to MaxLogMessageBytes, a call logs at most MaxLogBytesPerCall, an
	// object LogBytesPerSecond on average in bursts of LogBurstBytes; the rest is
	// dropped and counted in one line at the end of the call.
	MaxLogMessageBytes = 4 << 10
	MaxLogBytesPerCall = 64 << 10
	LogBytesPerSecond  = 16 << 10
	LogBurstBytes      = 256 << 10
)

// Alarm retries (ABI.md section 6), as Cloudflare documents for Durable Object alarms:
// https://developers.cloudflare.com/durable-objects/api/alarms/
const (
	AlarmFirstRetrySecs = 2
	AlarmMaxRetries     = 6
)
