// The page around Ticklab's WebAssembly build (docs/web.md): turns the address into the program's
// command line, shows its one-line messages and its output, and moves files between the user and the
// program's in-memory file system. The program itself (ticklab.js, ticklab.wasm) is the desktop's.
//
// The address: ?lesson=beat&fps-cap=30 runs `ticklab --lesson beat --fps-cap 30`: every parameter
// is the command-line flag of that name, a parameter without a value a flag alone (?headless).
// ?replay=NAME fetches NAME from this server into the page's files and runs --replay on it.
// Parameters starting with page- are the page's own, for tests and teachers:
//   page-frames=N   end a window run after N animation frames (as closing the window does)
//   page-post=URL   when the page's last run has ended, POST what it saw as JSON to URL (same origin)
"use strict";

const page = {
  params: new URLSearchParams(location.search),
  runs: [],            // every run started: {args, code, stdout, stderr}
  consoleErrors: [],   // errors the page saw (uncaught exceptions, console.error)
  firstFrameMs: null,  // performance.now() at the end of the first animation frame drawn
  framesThisRun: 0,
  loadedMs: null,      // ticklab.js, .wasm and .data loaded and started
};
const el = (id) => document.getElementById(id);

// --- errors on the page's console, kept for the test ----------------------------------------------
const consoleError = console.error.bind(console);
console.error = (...parts) => { page.consoleErrors.push(parts.map(String).join(" ")); consoleError(...parts); };
addEventListener("error", (event) => page.consoleErrors.push(String(event.message)));
addEventListener("unhandledrejection", (event) => page.consoleErrors.push(String(event.reason)));

// --- the address as a command line ----------------------------------------------------------------
function commandLine(params) {
  const args = [];
  for (const [key, value] of params) {
    if (key.startsWith("page-") || !/^[a-z][a-z0-9-]*$/.test(key)) continue;
    if (key === "replay" && value !== "") continue;  // fetched first (replayFromServer)
    args.push("--" + key);
    if (value !== "") args.push(value);
  }
  return args;
}

function say(text, kind) {
  el("message").textContent = text;
  el("message").className = kind || "";
}

function currentRun() { return page.runs[page.runs.length - 1]; }

// --- files ----------------------------------------------------------------------------------------
function download(name, bytes, type) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([bytes], {type: type || "application/octet-stream"}));
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

function offerDownload(path) {
  try {
    const bytes = Module.FS.readFile(path);
    download(path.split("/").pop(), bytes, path.endsWith(".png") ? "image/png" : undefined);
  } catch (error) {
    say("ticklab: cannot offer " + path + " for download: " + error);
  }
}

// The files a run wrote where its command line said (--record, --report, --trace, --screenshot).
function runFiles(args) {
  const paths = [];
  for (const flag of ["--record", "--report", "--trace", "--screenshot"]) {
    const at = args.indexOf(flag);
    if (at < 0 || at + 1 >= args.length || args[at + 1] === "-") continue;
    try { Module.FS.stat(args[at + 1]); } catch (error) { continue; }
    paths.push(args[at + 1]);
  }
  return paths;
}

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

// A replay goes into the page's files; then the program reads it with --replay, as on the desktop.
function replayArguments(name, bytes) {
  Module.FS.mkdirTree("/replays");
  const path = "/replays/" + name.replace(/[^A-Za-z0-9._-]/g, "_");
  Module.FS.writeFile(path, bytes);
  return ["--replay", path];
}

// --- runs -----------------------------------------------------------------------------------------
// The window fills the browser's, below the header, unless the run says its size: on a projector the
// scene is as large as the screen (the canvas is scaled down to fit, never up). Headless runs have none.
function browserWindowSize() {
  const header = document.querySelector("header").offsetHeight;
  const width = Math.min(7680, Math.max(640, Math.floor(innerWidth)));
  const height = Math.min(4320, Math.max(400, Math.floor(innerHeight - header - 4)));
  return width + "x" + height;
}

function start(args) {
  if (!args.includes("--window-size") && !args.includes("--headless")) args = args.concat(["--window-size", browserWindowSize()]);
  page.runs.push({args, code: null, stdout: [], stderr: []});
  page.framesThisRun = 0;
  el("status").textContent = args.length ? "ticklab " + args.join(" ") : "ticklab";
  Module.callMain(args);
}

// Another run after this one has ended: a window run is asked to end first (its report and
// recording are written), and the next starts when it has.
let nextRun = null;
function startAfter(args) {
  if (currentRun() && currentRun().code === null) {
    nextRun = args;
    Module._ticklab_end_run();
  } else {
    setTimeout(() => start(args), 0);
  }
}

function runEnded(code) {
  const run = currentRun();
  run.code = code;
  if (code !== 0) {
    // The program's one line (it names the value and what is allowed), then the default scene.
    const line = run.stderr.filter((l) => l.startsWith("ticklab: ")).pop() || "ticklab: exit code " + code;
    say(line);
    if (run.args.length > 0 && nextRun === null) nextRun = [];
  } else if (page.params.has("page-post")) {
    // A test reads them from what the page posts, rather than from a download folder.
    run.files = {};
    for (const path of runFiles(run.args)) run.files[path] = base64(Module.FS.readFile(path));
  } else {
    for (const path of runFiles(run.args)) offerDownload(path);
  }
  el("status").textContent = "ended (" + code + "): ticklab " + run.args.join(" ");
  if (nextRun !== null) {
    const args = nextRun;
    nextRun = null;
    setTimeout(() => start(args), 0);
    return;
  }
  if (code === 0 && !page.params.has("page-post")) say("The run has ended. Reload the page to run again.", "info");
  postResult();
}

function postResult() {
  const url = page.params.get("page-post");
  if (!url) return;
  const canvas = page.lastCanvas || "";
  const body = {
    runs: page.runs, message: el("message").textContent, consoleErrors: page.consoleErrors,
    firstFrameMs: page.firstFrameMs, loadedMs: page.loadedMs, canvas,
    userAgent: navigator.userAgent,
  };
  fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
}

// --- the program ----------------------------------------------------------------------------------
var Module = {
  canvas: el("canvas"),
  noInitialRun: true,
  print(line) {
    if (currentRun()) currentRun().stdout.push(line);
    el("output").textContent += line + "\n";
  },
  printErr(line) {
    if (currentRun()) currentRun().stderr.push(line);
    el("output").textContent += line + "\n";
  },
  onRunEnd: runEnded,
  offerDownload,
  // Emscripten's main loop calls this after each animation frame's frame.
  postMainLoop() {
    if (page.firstFrameMs === null) page.firstFrameMs = performance.now();
    page.framesThisRun += 1;
    const limit = Number(page.params.get("page-frames") || 0);
    // The canvas as the frame just left it: a run that has ended has closed its window. Only for
    // a test (page-post), as it costs a PNG encode: on the last frame when page-frames says which,
    // else on every frame (a run that ends itself), which slows the frames down.
    if (page.params.has("page-post") && (limit === 0 || page.framesThisRun === limit)) {
      try { page.lastCanvas = el("canvas").toDataURL("image/png"); } catch (error) { page.consoleErrors.push(String(error)); }
    }
    if (limit > 0 && page.framesThisRun === limit) Module._ticklab_end_run();
  },
  onRuntimeInitialized() {
    page.loadedMs = performance.now();
    for (const name of Module.FS.readdir("/share/ticklab/lessons").sort()) {
      if (!name.endsWith(".json") || name === "lesson.schema.json") continue;
      const option = document.createElement("option");
      option.value = option.textContent = name.replace(/\.json$/, "");
      option.selected = option.value === page.params.get("lesson");
      el("lessons").appendChild(option);
    }
    startFromAddress();
  },
};

async function startFromAddress() {
  let args = commandLine(page.params);
  const replay = page.params.get("replay");
  if (replay) {
    try {
      const response = await fetch(replay);
      if (!response.ok) throw new Error("HTTP " + response.status);
      args = args.concat(replayArguments(replay.split("/").pop(), new Uint8Array(await response.arrayBuffer())));
    } catch (error) {
      say("ticklab: replay '" + replay + "' could not be fetched: " + error.message);
    }
  }
  start(args);
}

el("lessons").addEventListener("change", (event) => {
  const params = new URLSearchParams();
  if (event.target.value) params.set("lesson", event.target.value);
  location.search = params.toString();
});

el("replay-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  say("");
  startAfter(replayArguments(file.name, new Uint8Array(await file.arrayBuffer())));
  event.target.value = "";
});

el("canvas").addEventListener("click", () => el("canvas").focus());

const script = document.createElement("script");
script.src = "ticklab.js";
document.body.appendChild(script);
