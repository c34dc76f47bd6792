package conformance

// Cases of the alarms area: setAlarm, getAlarm and deleteAlarm, the alarm handler and
// what it sees (alarmInfo), its retries, alarms set in the constructor or re-armed by
// the handler, and alarms across a restart. The fixture answers relations (equal, null)
// rather than times, which differ per run; where a case waits for the handler, the
// fixture polls its storage for at most 10 s (with setTimeout) before it answers.

const alarmsDoc = "https://developers.cloudflare.com/durable-objects/api/alarms/"

// asyncGet is a GET of path, the only kind of request the alarms, gates, webapi and
// websocket fixtures need.
func asyncGet(path string) Request { return Request{Method: "GET", Path: path} }

// asyncReplies is an observation of one 200 response per JSON body, for Wrong.
func asyncReplies(bodies ...string) Observation {
	o := make(Observation, len(bodies))
	for i, b := range bodies {
		o[i] = Response{Status: 200, Body: decodeJSON(b)}
	}
	return o
}

const (
	alarmFirstRun  = `{"retryCount":0,"isRetry":false}`
	alarmEffect    = `"written by the alarm handler"`
	alarmOneRunDue = `{"done":true,"runs":[` + alarmFirstRun + `],"effect":` + alarmEffect + `,"alarm":null}`
)

var _ = register(
	Case{
		Name:    "alarms/get-null-when-none",
		Fixture: "alarms",
		Doc:     "getAlarm() returns null when no alarm is set: " + alarmsDoc,
		Steps:   []Request{asyncGet("/get/{obj}")},
		Check:   all(status(0, 200), body(0, `{"alarm":null}`)),
		Wrong:   asyncReplies(`{"alarm":0}`),
	},
	Case{
		Name:    "alarms/set-then-get",
		Fixture: "alarms",
		Doc:     "setAlarm(ms) sets the alarm and getAlarm() returns that time as a number of milliseconds since the epoch: " + alarmsDoc,
		Steps:   []Request{asyncGet("/set/{obj}?in=60000")},
		Check:   all(status(0, 200), body(0, `{"type":"number","equal":true,"runs":[]}`)),
		Wrong:   asyncReplies(`{"type":"number","equal":false,"runs":[]}`),
	},
	Case{
		Name:    "alarms/set-accepts-date",
		Fixture: "alarms",
		Doc:     "setAlarm takes a Date as well as milliseconds; getAlarm() still returns milliseconds: " + alarmsDoc,
		Steps:   []Request{asyncGet("/set/{obj}?in=60000&as=date")},
		Check:   all(status(0, 200), body(0, `{"type":"number","equal":true,"runs":[]}`)),
		Wrong:   asyncReplies(`{"type":"object","equal":false,"runs":[]}`),
	},
	Case{
		Name:    "alarms/set-replaces-previous",
		Fixture: "alarms",
		Doc:     "an object has at most one alarm: setAlarm overrides the alarm set before: " + alarmsDoc,
		Steps:   []Request{asyncGet("/replace/{obj}")},
		Check:   all(status(0, 200), body(0, `{"isSecond":true,"isFirst":false}`)),
		Wrong:   asyncReplies(`{"isSecond":false,"isFirst":true}`),
	},
	Case{
		Name:    "alarms/replaced-by-earlier-runs-once",
		Fixture: "alarms",
		Doc:     "an alarm replaced by a nearer one runs at the nearer time, once, and none is left set: " + alarmsDoc,
		Steps:   []Request{asyncGet("/replace-earlier/{obj}")},
		Check:   all(status(0, 200), body(0, `{"ran":true,"runs":[`+alarmFirstRun+`],"alarm":null}`)),
		Wrong:   asyncReplies(`{"ran":false,"runs":[],"alarm":1}`),
	},
	Case{
		Name:    "alarms/delete",
		Fixture: "alarms",
		Doc:     "deleteAlarm() removes the alarm; getAlarm() then returns null: " + alarmsDoc,
		Steps:   []Request{asyncGet("/delete/{obj}")},
		Check:   all(status(0, 200), body(0, `{"hadAlarm":true,"alarm":null}`)),
		Wrong:   asyncReplies(`{"hadAlarm":true,"alarm":1767225600000}`),
	},
	Case{
		Name:    "alarms/delete-when-none",
		Fixture: "alarms",
		Doc:     "deleteAlarm() when no alarm is set does nothing and does not throw: " + alarmsDoc,
		Steps:   []Request{asyncGet("/delete-none/{obj}")},
		Check:   all(status(0, 200), body(0, `{"deleted":true,"alarm":null}`)),
		Wrong:   asyncReplies(`{"error":"Error"}`),
	},
	Case{
		Name:    "alarms/deleted-never-runs",
		Fixture: "alarms",
		Doc:     "an alarm deleted before its time never calls the handler: " + alarmsDoc,
		Steps:   []Request{asyncGet("/delete-before-due/{obj}")},
		Check:   all(status(0, 200), body(0, `{"runs":[],"alarm":null}`)),
		Wrong:   asyncReplies(`{"runs":[` + alarmFirstRun + `],"alarm":null}`),
	},
	Case{
		Name:    "alarms/past-runs-at-once",
		Fixture: "alarms",
		Doc:     "setAlarm with a time in the past schedules the alarm for immediate execution: " + alarmsDoc,
		Steps:   []Request{asyncGet("/past/{obj}")},
		Check:   all(status(0, 200), body(0, `{"ran":true,"runs":[`+alarmFirstRun+`]}`)),
		Wrong:   asyncReplies(`{"ran":false,"runs":[]}`),
	},
	Case{
		Name:    "alarms/handler-runs",
		Fixture: "alarms",
		Doc:     "when the alarm's time comes alarm() is called, with retryCount 0 and isRetry false; its writes are seen by a later request and no alarm is left set: " + alarmsDoc,
		Steps:   []Request{asyncGet("/set/{obj}?in=50"), asyncGet("/wait/{obj}")},
		Check:   all(status(1, 200), body(1, alarmOneRunDue)),
		Wrong:   asyncReplies(`{"type":"number","equal":true,"runs":[]}`, `{"done":false,"runs":[],"effect":null,"alarm":1767225600000}`),
	},
	Case{
		Name:    "alarms/null-while-handler-runs",
		Fixture: "alarms",
		Doc:     "getAlarm() called while the alarm handler runs returns null unless setAlarm was called since it started: " + alarmsDoc,
		Steps:   []Request{asyncGet("/set/{obj}?in=50"), asyncGet("/wait/{obj}"), asyncGet("/in-handler/{obj}")},
		Check:   all(field(1, "done", "true"), body(2, `{"seen":{"alarm":null}}`)),
		Wrong:   asyncReplies(`{}`, `{"done":true}`, `{"seen":{"alarm":1767225600000}}`),
	},
	Case{
		Name:    "alarms/retry-after-throw",
		Fixture: "alarms",
		Doc:     "an alarm handler that throws is retried; the retry sees retryCount 1 and isRetry true: " + alarmsDoc,
		Steps:   []Request{asyncGet("/set/{obj}?in=50&throws=1"), asyncGet("/wait/{obj}?runs=2&within=6000")},
		Check:   all(status(1, 200), body(1, `{"done":true,"runs":[`+alarmFirstRun+`,{"retryCount":1,"isRetry":true}],"effect":`+alarmEffect+`,"alarm":null}`)),
		Wrong:   asyncReplies(`{}`, `{"done":true,"runs":[`+alarmFirstRun+`,`+alarmFirstRun+`],"effect":`+alarmEffect+`,"alarm":null}`),
	},
	Case{
		Name:    "alarms/retry-count-grows",
		Fixture: "alarms",
		Doc:     "retryCount counts the retries of one alarm event (exponential backoff from 2 s, up to 6 retries): " + alarmsDoc,
		Steps:   []Request{asyncGet("/set/{obj}?in=50&throws=2"), asyncGet("/wait/{obj}?runs=3&within=10000")},
		Check:   all(status(1, 200), body(1, `{"done":true,"runs":[`+alarmFirstRun+`,{"retryCount":1,"isRetry":true},{"retryCount":2,"isRetry":true}],"effect":`+alarmEffect+`,"alarm":null}`)),
		Wrong:   asyncReplies(`{}`, `{"done":true,"runs":[`+alarmFirstRun+`,{"retryCount":1,"isRetry":true},{"retryCount":1,"isRetry":true}],"effect":`+alarmEffect+`,"alarm":null}`),
	},
	Case{
		Name:    "alarms/rearm-from-handler",
		Fixture: "alarms",
		Doc:     "the alarm handler may call setAlarm to schedule the next run; each run is a new alarm (retryCount 0): " + alarmsDoc,
		Steps:   []Request{asyncGet("/set/{obj}?in=30&rearm=2"), asyncGet("/wait/{obj}?runs=3")},
		Check:   all(status(1, 200), body(1, `{"done":true,"runs":[`+alarmFirstRun+`,`+alarmFirstRun+`,`+alarmFirstRun+`],"effect":`+alarmEffect+`,"alarm":null}`)),
		Wrong:   asyncReplies(`{}`, alarmOneRunDue),
	},
	Case{
		Name:    "alarms/set-in-constructor",
		Fixture: "alarms",
		Doc:     "an alarm set in the constructor, inside blockConcurrencyWhile, runs like any other: " + alarmsDoc,
		Steps:   []Request{asyncGet("/armed/{obj}")},
		Check:   all(status(0, 200), body(0, `{"done":true,"fired":1,"alarm":null}`)),
		Wrong:   asyncReplies(`{"done":false,"fired":null,"alarm":null}`),
	},
	Case{
		Name:    "alarms/survive-restart",
		Fixture: "alarms",
		Doc:     "an alarm is stored with the object and runs after the runtime restarts (guaranteed at-least-once execution): " + alarmsDoc,
		Steps:   []Request{asyncGet("/set/{obj}?in=1500"), asyncGet("/wait/{obj}?within=5000")},
		Between: map[int]Action{0: Restart},
		Check:   all(body(0, `{"type":"number","equal":true,"runs":[]}`), status(1, 200), body(1, alarmOneRunDue)),
		Wrong:   asyncReplies(`{"type":"number","equal":true,"runs":[]}`, `{"done":false,"runs":[],"effect":null,"alarm":null}`),
	},
	Case{
		Name:    "alarms/survive-kill9",
		Fixture: "alarms",
		Doc:     "an alarm whose setAlarm was acknowledged survives a crash of the runtime and runs once it is back (guaranteed at-least-once execution): " + alarmsDoc,
		Steps:   []Request{asyncGet("/set/{obj}?in=1500"), asyncGet("/wait/{obj}?within=5000")},
		Between: map[int]Action{0: Kill9},
		Check:   all(body(0, `{"type":"number","equal":true,"runs":[]}`), status(1, 200), body(1, alarmOneRunDue)),
		Wrong:   asyncReplies(`{"type":"number","equal":true,"runs":[]}`, `{"done":true,"runs":[],"effect":null,"alarm":1767225600000}`),
	},
)
