-- wrk script for the soak: cycles through the requests listed in WRK_MIX_FILE, one per line:
--   METHOD <tab> PATH <tab> HEADERS_FILE or - <tab> BODY_FILE or -
-- and prints one JSON summary line with the count of responses outside 2xx (the server's
-- JSON request log says which statuses they were).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local function read_file(path)
  local f = assert(io.open(path, "rb"))
  local data = f:read("*a")
  f:close()
  return data
end

local function read_headers(path)
  local headers = {}
  if path ~= "-" then
    for line in io.lines(path) do
      local name, value = line:match("^([^:]+):%s*(.-)%s*$")
      if name then
        headers[name] = value
      end
    end
  end
  return headers
end

function init(args)
  non2xx = 0
  requests_made = {}
  local index = 0
  for line in io.lines(os.getenv("WRK_MIX_FILE")) do
    local method, path, headers_file, body_file = line:match("^(%S+)\t(%S+)\t(%S+)\t(%S+)$")
    if method then
      local body = nil
      if body_file ~= "-" then
        body = read_file(body_file)
      end
      index = index + 1
      requests_made[index] = wrk.format(method, path, read_headers(headers_file), body)
    end
  end
  counter = math.random(index) - 1
end

function request()
  counter = counter + 1
  return requests_made[(counter % #requests_made) + 1]
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
