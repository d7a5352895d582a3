-- Headless Neovim 0.7 probe for `kibitzer lsp`: open a file with a known error, wait for the
-- diagnostic, hover the Deal (expects the diagram), format the buffer, stop the client.
-- Run: KIBITZER=/path/to/kibitzer PBN=/path/to/file.pbn nvim --headless -u NONE -c 'luafile probe.lua'
local bin = os.getenv('KIBITZER') or 'kibitzer'
local file = os.getenv('PBN')
local probe = dofile('editors/nvim/probe_common.lua')('nvim probe')
local fail, wait = probe.fail, probe.wait

vim.cmd('edit ' .. file)
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = 'kibitzer',
  cmd = { bin, 'lsp', '--stdio' },
  root_dir = vim.fn.fnamemodify(file, ':h'),
  init_options = { diagnostics = { debounceMs = 0 } },
})
if not client_id then fail('could not start the server') end
vim.lsp.buf_attach_client(buf, client_id)
local client
wait(5000, function() client = vim.lsp.get_client_by_id(client_id); return client and client.initialized end, 'initialize')

wait(5000, function() return #vim.diagnostic.get(buf) > 0 end, 'diagnostics')
local d = vim.diagnostic.get(buf)[1]
local code = (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or d.code
print('diagnostic: ' .. tostring(code) .. ' ' .. d.message)
if tostring(code) ~= 'S002' then fail('expected S002, got ' .. tostring(code)) end

-- Hover on the Deal tag name.
local deal_line
for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  if line:match('^%[Deal ') then deal_line = i - 1 break end
end
local res = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
  textDocument = vim.lsp.util.make_text_document_params(buf),
  position = { line = deal_line, character = 2 },
}, 5000)
local hover = res and res[client_id] and res[client_id].result
if not hover or not hover.contents.value:find('HCP') or not hover.contents.value:find('♠') then
  fail('hover without the diagram')
end
print('hover: diagram with ' .. select(2, hover.contents.value:gsub('HCP', '')) .. ' HCP lines')

-- Format the buffer (applies the server's edits, if any).
local fmt = vim.lsp.buf_request_sync(buf, 'textDocument/formatting', {
  textDocument = vim.lsp.util.make_text_document_params(buf),
  options = { tabSize = 4, insertSpaces = true },
}, 5000)
local reply = fmt and fmt[client_id]
if not reply or reply.err then fail('formatting failed') end
if reply.result then vim.lsp.util.apply_text_edits(reply.result, buf, client.offset_encoding) end
local edits = reply.result and #reply.result or 0
print('formatting: ' .. edits .. ' edit(s)')
if edits == 0 then fail('formatting changed nothing') end
local after = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
if not after:find('%[Board "2"%]\n%[Dealer "E"%]') then fail('the second game is not formatted:\n' .. after) end
if not after:find('%[Board "1"\n') then fail('the game with the syntax error was changed') end

-- Shut down: stop the client and wait for the process to go.
vim.lsp.stop_client(client_id)
wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 'the client to stop')
print('nvim probe OK')
vim.cmd('qall!')
