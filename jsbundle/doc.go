// Package jsbundle turns a JavaScript or TypeScript project written for Cloudflare
// Workers (a folder with a wrangler.toml, wrangler.jsonc or wrangler.json, or a single
// .js, .mjs or .ts file) into a bundle: one UTF-8 script the engine evaluates to get the
// project's classes. It bundles with esbuild's Go API, so no Node.js is needed.
//
// # The bundle
//
// A bundle is a classic script (not an ES module) in four parts, then, for a project
// with static assets, their archive and its footer (package internal/assets):
//
//	/*sobjects-js-bundle v1*/                                  <- Marker, then "\n"
//	globalThis.__sobjects_manifest = {"name":...,"bindings":{...},"vars":{...}};
//	var __sobjects_exports = (() => { ... })();                <- esbuild, IIFE format
//	//# sourceMappingURL=data:application/json;base64,...     <- SourceMapPrefix
//	PK...zip archive...                                        <- static assets, if any
//	//# sobjectsAssets=0000000000001234                        <- the archive's length
//
// The script's last line, the source map of the whole bundle, lets the engine name the
// project's own files and lines (src/object.ts:12:5) in err.stack.
//
// Evaluating it defines the global __sobjects_manifest (the project's name, its Durable
// Object bindings as {BINDING: {"class": CLASS}}, its vars, and, when the wrangler file
// has bindings sobjects does not provide, "ignored": {BINDING: SETTING}, which the
// engine turns into env stand-ins whose every use throws an Error naming the setting;
// in a wrangler environment, "env" and "classes": {EXPORT: "EXPORT.ENV"}, the classes
// its exports are deployed as, which its bindings name)
// and the global __sobjects_exports, the exports of the entry module (its classes and,
// for a Worker, default). Before evaluating it, the engine defines globalThis.__sobjects_workers; the
// modules "cloudflare:workers" and "sobjects:workers" re-export DurableObject,
// WorkerEntrypoint, RpcTarget, env and waitUntil from it, and it is their default
// export. They also export the other names Cloudflare's module has (WorkflowEntrypoint,
// WorkflowStep, RpcStub, cache, exports, tracing, withEnv, withExports,
// withEnvAndExports), which the engine defines without implementing them: a project
// that imports one loads, using one throws an Error naming it, and Project.Stubbed
// lists those it imports.
//
// # Local secrets
//
// Load reads a project's .dev.vars (or .env files) as wrangler dev does (devvars.go):
// their values are vars, strings, over the wrangler file's of the same name, and
// Project.Secrets names them.
//
// # Unsupported APIs
//
// Imports of what the host does not provide — other cloudflare:* modules, node:* and
// Node's built-in modules (fs, path, crypto, ...) that no package in node_modules
// provides, names that Cloudflare's cloudflare:workers does not export either, and
// Durable Object bindings to another
// Worker (script_name) — do not fail Load or Bundle: they are listed in
// Project.Unsupported, so that `sobjects inspect` can report them, and Project.Check
// refuses the project. Whoever deploys a bundle must call Check first: in the bundle,
// such an import is a require() call that fails when the script is evaluated.
//
// # Ignored settings
//
// The settings of a wrangler file that sobjects does not act on (KV, R2, D1, queues,
// services to other Workers and the other bindings, triggers, routes, limits, ...) are
// listed in Project.Ignored, by name ("kv_namespaces.MY_KV"). They do not make Check
// fail, as a missing API fails where it is used: using such a binding
// (env.MY_KV.get(...)) throws. `sobjects inspect --strict` fails on them.
// Environments ([env.NAME]) are no ignored settings: LoadEnv applies one, as
// wrangler's --env does.
//
// # Module rules
//
// Imports of non-JavaScript files follow wrangler's module rules (rules.go): the
// wrangler file's rules = [{type, globs, fallthrough}], then DefaultRules (.txt, .html
// and .sql files are Text, .bin files Data, .wasm files CompiledWasm), a rule without
// fallthrough being the last of its type. A Text module is the file as a string, a Data
// module an ArrayBuffer of it, both inside the bundle; a CompiledWasm module is a
// stand-in, as sobjects' engine has no WebAssembly: the project loads, and a use of the
// module throws an Error naming the file. Project.Modules lists them.
//
// # Static assets
//
// A wrangler file's assets setting (assets.go: directory, binding, html_handling,
// not_found_handling, run_worker_first) makes the files of its folder part of the
// bundle: after the source map line comes a zip archive of them and a footer (package
// internal/assets), which the host cuts off before it evaluates the script, and serves
// before the Worker, as Cloudflare does, and through env.BINDING.fetch. The folder's
// .assetsignore is honoured (without "!" lines); _headers and _redirects are not
// served: the archive carries them for their rules, which the host applies (package
// internal/assets), and the lines of them Cloudflare skips are Assets.Warnings. At most
// assets.MaxFiles files and assets.MaxBytes bytes; a link leading outside the folder
// is an error. Project.Assets describes them.
//
// # Node.js compatibility
//
// Under wrangler's nodejs_compat compatibility flag (node.go), the Node.js modules
// sobjects provides (node:buffer, node:events, node:util, node:assert, node:path,
// node:stream, node:string_decoder, node:crypto, node:async_hooks, node:process,
// node:timers, node:url, node:querystring, and their bare names) are bundled from
// package node's sources, and Buffer, process, global, setImmediate and clearImmediate
// are globals; the other Node.js modules stay unsupported APIs.
//
// Package jsbundle imports nothing of sobjects but package node (sdk-js/node: the
// sources of those modules, which imports nothing); host, server and cmd may import it.
package jsbundle
