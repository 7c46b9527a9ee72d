'use strict';
// ws masks and unmasks with bufferutil when it loads it, and both fall back to JavaScript without a
// word when the addon does not load. The echo programs that stand for bufferutil's native code
// insist on it: required first, this ends the process (status 1) if bufferutil is its fallback.
if (!process.env.WS_NO_BUFFER_UTIL && !/\[native code\]/.test(String(require('bufferutil').mask))) {
  console.error('ws: bufferutil loaded its JavaScript fallback, not its native addon');
  process.exit(1);
}
