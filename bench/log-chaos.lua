-- wrk script for log-chaos.ts (issue 29's done-when run). log-chaos.ts writes the requests it
-- sends as `requests.lua` (a Lua table) and the folder for the answer lists beside this script's
-- copy; each thread gives every request an id of its own and writes one line per answer it
-- parses ("<status> <x-request-id>"), so the bench can compare answers with rows id by id.
local chaos = dofile(os.getenv("CHAOS_REQUESTS"))
local threadCount = 0

function setup(thread)
  threadCount = threadCount + 1
  thread:set("threadNumber", threadCount)
end

function init(args)
  sent = 0
  answers = io.open(chaos.answersDir .. "/answers-" .. threadNumber .. ".txt", "w")
  -- One write(2) per answer: what wrk saw must be on disk however the run ends.
  answers:setvbuf("line")
end

function request()
  sent = sent + 1
  local template = chaos.requests[(sent % #chaos.requests) + 1]
  local headers = {}
  for name, value in pairs(template.headers) do
    headers[name] = value
  end
  headers["x-request-id"] = "chaos-" .. threadNumber .. "-" .. sent
  return wrk.format(template.method, template.path, headers, template.body)
end

function response(status, headers, body)
  answers:write(status, " ", headers["x-request-id"] or "-", "\n")
end
