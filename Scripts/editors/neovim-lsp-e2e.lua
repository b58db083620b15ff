-- End-to-end check of `statelint lsp` with Neovim's built-in LSP client (Neovim 0.7+), run by
-- Scripts/test-lsp-neovim.sh after the init file, which is README.md's setup snippet for this
-- Neovim: the snippet, not this file, starts the server and attaches it to Swift buffers.
-- WORKSPACE is a copy of Examples/DemoApp; SERVER_LOG is where the `statelint` on PATH writes
-- `start ARGS` and `exit STATUS`.
-- Exits 0 when every check passes (`:qa!`), 1 otherwise (`:cq!`).
local root = assert(os.getenv('WORKSPACE'), 'WORKSPACE is not set')
local server_log = assert(os.getenv('SERVER_LOG'), 'SERVER_LOG is not set')
local failures = 0

local function say(text)
  io.stdout:write(text .. '\n')
  io.stdout:flush()
end

local function check(condition, description, detail)
  if condition then
    say('ok   ' .. description)
  else
    say('FAIL ' .. description .. (detail and (': ' .. vim.inspect(detail)) or ''))
    failures = failures + 1
  end
  return condition
end

local function finish()
  say(failures == 0 and 'neovim-lsp-e2e: all checks passed' or ('neovim-lsp-e2e: ' .. failures .. ' check(s) failed'))
  vim.cmd(failures == 0 and 'qa!' or 'cq!')
end

local function diagnostics(buffer)
  local list = vim.diagnostic.get(buffer)
  table.sort(list, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return list
end

local function line(buffer, number)  -- 1-based
  return vim.api.nvim_buf_get_lines(buffer, number - 1, number, false)[1]
end

-- The statelint clients attached to `buffer` (get_clients from 0.10, get_active_clients before).
local function statelint_clients(buffer)
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  local attached = {}
  for _, client in ipairs(all) do
    if client.name == 'statelint' and vim.lsp.buf_is_attached(buffer, client.id) then table.insert(attached, client) end
  end
  return attached
end

-- What the `statelint` on PATH logged: its starts (arguments) and exit statuses, in order.
local function server_log_lines()
  local file = io.open(server_log)
  if not file then return {} end
  local lines = {}
  for entry in file:lines() do table.insert(lines, entry) end
  file:close()
  return lines
end

local function server_starts()
  local starts = {}
  for _, entry in ipairs(server_log_lines()) do
    if entry:sub(1, 6) == 'start ' then table.insert(starts, entry:sub(7)) end
  end
  return starts
end

-- The checks, in order; a Lua error counts as a failure and still ends Neovim.
local function run()
  -- 1. Open a view: the README's setup starts `statelint lsp` for the project and attaches it;
  --    the view's two findings arrive as diagnostics, at the right places.
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/Views/LibraryView.swift'))
  local library = vim.api.nvim_get_current_buf()
  check(vim.bo[library].filetype == 'swift', 'LibraryView.swift has filetype swift', vim.bo[library].filetype)
  check(vim.wait(20000, function() return #statelint_clients(library) > 0 end, 20),
    "the README's setup started statelint and attached it to LibraryView.swift", server_log_lines())
  local client = statelint_clients(library)[1]
  if not client then error('no statelint client: the setup from README.md did not start one') end
  local client_id = client.id
  check(#statelint_clients(library) == 1, 'exactly one statelint client on the buffer', #statelint_clients(library))
  check(client.config.root_dir == root, 'its root is the project folder (the one holding .git)', client.config.root_dir)
  vim.wait(5000, function() return server_starts()[1] ~= nil end, 20)
  check(server_starts()[1] == 'lsp' or server_starts()[1] == 'lsp --stdio', 'the setup ran `statelint lsp`', server_log_lines())
  check(vim.wait(20000, function() return #vim.diagnostic.get(library) == 2 end, 20), 'LibraryView.swift: two diagnostics arrive', diagnostics(library))
  local found = diagnostics(library)
  check(found[1] and found[1].lnum == 4 and found[1].col == 4 and found[1].end_col == 45, 'the first is at 5:5-5:46 (model)', found[1])
  check(found[1] and found[1].code == 'state_inline_class_init' and found[1].source == 'statelint', 'it has the rule id as code and statelint as source', found[1])
  check(found[1] and found[1].severity == vim.diagnostic.severity.WARN, 'it is a warning')
  check(found[1] and found[1].message:find('`LibraryModel`, a class', 1, true) ~= nil, 'its message names the class')
  check(found[2] and found[2].lnum == 6, 'the second is on line 7 (formatter)', found[2])

  -- 2. Apply "Disable … for this line" through the client's code-action menu.
  vim.api.nvim_win_set_cursor(0, { 5, 10 })
  local offered = {}
  vim.ui.select = function(items, _, on_choice)
    for _, item in ipairs(items) do table.insert(offered, item[2].title) end
    for _, item in ipairs(items) do
      if item[2].title == 'Disable `state_inline_class_init` for this line' then return on_choice(item) end
    end
    on_choice(nil)
  end
  vim.lsp.buf.code_action()
  check(vim.wait(10000, function() return (line(library, 5) or ''):find('statelint:disable:next', 1, true) ~= nil end, 20),
    'the quick fix was offered and applied', offered)
  check(line(library, 5) == '    // statelint:disable:next state_inline_class_init', 'line 5 is the directive, indented like the line', line(library, 5))
  check(line(library, 6) == '    @State private var model = LibraryModel()', 'line 6 is the flagged line, unchanged', line(library, 6))
  check(vim.api.nvim_buf_line_count(library) == 13, 'one line was added')
  check(vim.wait(10000, function() local d = diagnostics(library); return #d == 1 and d[1].lnum == 7 end, 20),
    'after the edit only the formatter finding remains, now on line 8', diagnostics(library))

  -- 3. Multi-byte text before a finding: the client's byte column matches (UTF-16 positions).
  vim.api.nvim_buf_set_text(library, 7, 4, 7, 4, { '/* é😀 */ ' })
  check(vim.wait(10000, function() local d = diagnostics(library); return #d == 1 and d[1].col == 4 + #'/* é😀 */ ' end, 20),
    'after inserting "/* é😀 */ " the finding starts at byte column ' .. (4 + #'/* é😀 */ '), diagnostics(library))

  -- 4. Another open file changes a class into a struct: this view's findings go.
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/Views/SearchView.swift'))
  local search = vim.api.nvim_get_current_buf()
  check(vim.wait(10000, function() return vim.lsp.buf_is_attached(search, client_id) end, 20),
    'the setup attached the same server to SearchView.swift', statelint_clients(search))
  check(vim.wait(20000, function() return #vim.diagnostic.get(search) == 2 end, 20), 'SearchView.swift: two diagnostics (SearchModel is a class)', diagnostics(search))
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/Models/Models.swift'))
  local models = vim.api.nvim_get_current_buf()
  check(vim.wait(10000, function() return vim.lsp.buf_is_attached(models, client_id) end, 20),
    'the setup attached the same server to Models.swift', statelint_clients(models))
  check(#server_starts() == 1, 'one server for the three files of the project', server_log_lines())
  local class_line
  for number = 1, vim.api.nvim_buf_line_count(models) do
    if line(models, number) == 'class SearchModel {' then class_line = number end
  end
  check(class_line ~= nil, 'Models.swift declares class SearchModel')
  if class_line then
    vim.api.nvim_buf_set_lines(models, class_line - 1, class_line, false, { 'struct SearchModel {' })
    check(vim.wait(10000, function() return #vim.diagnostic.get(search) == 0 end, 20),
      'SearchView.swift: no diagnostics once SearchModel is a struct (unsaved buffer)', diagnostics(search))
    vim.api.nvim_buf_set_lines(models, class_line - 1, class_line, false, { 'class SearchModel {' })
    check(vim.wait(10000, function() return #vim.diagnostic.get(search) == 2 end, 20), 'and back when it is a class again')
  end

  -- 5. The files on disk were never written.
  local disk = io.open(root .. '/Views/LibraryView.swift'):read('*a')
  check(not disk:find('statelint:disable', 1, true), 'LibraryView.swift on disk is untouched (only the buffer changed)')

  -- 6. Shutdown and exit: the server ends with status 0.
  vim.lsp.stop_client(client_id)
  local function exit_status()
    for _, entry in ipairs(server_log_lines()) do
      if entry:sub(1, 5) == 'exit ' then return entry:sub(6) end
    end
  end
  check(vim.wait(10000, function() return exit_status() ~= nil end, 20) and exit_status() == '0',
    'statelint lsp exited with status 0 after shutdown', server_log_lines())
end

local ok, problem = pcall(run)
check(ok, 'the checks ran to the end', problem)
finish()
