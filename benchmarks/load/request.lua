-- wrk script: one request shape per run, set by the environment; prints one JSON summary line.
--   WRK_METHOD        GET (default) or POST
--   WRK_BODY_FILE     file holding the request body
--   WRK_HEADERS_FILE  file of "Name: value" lines
--   WRK_VARY          a substring of the body made different in every request (a suffix with
--                     the run, the thread and a counter is appended to each of its
--                     occurrences), so no two requests are alike, in one run or across runs
--                     (the warm-up's requests are not the measured run's)
-- Every response outside 2xx is counted (wrk's own count misses 3xx).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end

local function read_file(path)
  local f = assert(io.open(path, "rb"))
  local data = f:read("*a")
  f:close()
  return data
end

local vary = os.getenv("WRK_VARY")
if vary == "" then
  vary = nil
end
local parts = {}
local counter = 0
local run = ""

function init(args)
  non2xx = 0
  wrk.method = os.getenv("WRK_METHOD") or "GET"
  local body_file = os.getenv("WRK_BODY_FILE")
  if body_file and body_file ~= "" then
    wrk.body = read_file(body_file)
  end
  local headers_file = os.getenv("WRK_HEADERS_FILE")
  if headers_file and headers_file ~= "" then
    for line in io.lines(headers_file) do
      local name, value = line:match("^([^:]+):%s*(.-)%s*$")
      if name then
        wrk.headers[name] = value
      end
    end
  end
  if vary then
    -- A nonce for the run: wrk starts every thread's counter at zero in each run.
    local seed = io.open("/dev/urandom", "rb")
    run = string.format("%02x%02x%02x%02x", seed:read(4):byte(1, 4))
    seed:close()
    local start = 1
    while true do
      local first, last = string.find(wrk.body, vary, start, true)
      if not first then
        break
      end
      table.insert(parts, string.sub(wrk.body, start, last))
      start = last + 1
    end
    assert(#parts > 0, "WRK_VARY is not in the body")
    table.insert(parts, string.sub(wrk.body, start))
  end
end

if vary then
  function request()
    counter = counter + 1
    local suffix = run .. "v" .. tostring(tid) .. "n" .. counter
    return wrk.format(nil, nil, nil, table.concat(parts, suffix))
  end
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do
    bad = bad + (thread:get("non2xx") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests": %d, "duration_us": %d, "p50_us": %d, "p95_us": %d, "p99_us": %d, '
      .. '"max_us": %d, "mean_us": %.1f, "non2xx": %d, "connect_errors": %d, '
      .. '"read_errors": %d, "write_errors": %d, "timeouts": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), latency.max, latency.mean, bad, e.connect, e.read, e.write,
    e.timeout))
end
