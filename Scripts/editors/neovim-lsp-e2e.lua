-- End-to-end check of `statelint lsp` with Neovim's built-in LSP client (Neovim 0.7+), run by
-- Scripts/test-lsp-neovim.sh: STATELINT is the binary, WORKSPACE a copy of Examples/DemoApp.
-- Exits 0 when every check passes (`:qa!`), 1 otherwise (`:cq!`).
local statelint = assert(os.getenv('STATELINT'), 'STATELINT is not set')
local root = assert(os.getenv('WORKSPACE'), 'WORKSPACE is not set')
local failures = 0
local exit_code = nil

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

-- The checks, in order; a Lua error counts as a failure and still ends Neovim.
local function run()
  local client_id = vim.lsp.start_client({
    name = 'statelint',
    cmd = { statelint, 'lsp', '--stdio' },
    root_dir = root,
    on_exit = function(code) exit_code = code end,
  })
  check(client_id ~= nil, 'the client started statelint lsp')

  -- 1. Open a view: its two findings arrive as diagnostics, at the right places.
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/Views/LibraryView.swift'))
  local library = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(library, client_id)
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
  vim.lsp.buf_attach_client(search, client_id)
  check(vim.wait(20000, function() return #vim.diagnostic.get(search) == 2 end, 20), 'SearchView.swift: two diagnostics (SearchModel is a class)', diagnostics(search))
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/Models/Models.swift'))
  local models = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(models, client_id)
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
  check(vim.wait(10000, function() return exit_code ~= nil end, 20) and exit_code == 0, 'statelint lsp exited with status 0 after shutdown', exit_code)
end

local ok, problem = pcall(run)
check(ok, 'the checks ran to the end', problem)
finish()
