-- Probe of the Neovim set-up exactly as a user has it: run with the set-up as the only config,
--   nvim --headless -u editors/nvim/kibitzer.lua -c 'luafile editors/nvim/setup-probe.lua'
-- with `kibitzer` on PATH and PBN, RBN, LIN and DLM naming files to open. Checks the file types,
-- and that the server attaches to each (a diagnostic each).
local probe = dofile('editors/nvim/probe_common.lua')('nvim set-up probe')
local fail, wait = probe.fail, probe.wait

local expected = { PBN = 'pbn', RBN = 'rbn', LIN = 'lin', DLM = 'dlm' }
for variable, filetype in pairs(expected) do
  vim.cmd('edit ' .. os.getenv(variable))
  local buf = vim.api.nvim_get_current_buf()
  if vim.bo[buf].filetype ~= filetype then
    fail(variable .. ' opened as `' .. vim.bo[buf].filetype .. '`, not ' .. filetype)
  end
  wait(5000, function() return #vim.diagnostic.get(buf) > 0 end, filetype .. ' diagnostics')
  local d = vim.diagnostic.get(buf)[1]
  print(filetype .. ': ' .. d.message)
end
for _, client in ipairs(vim.lsp.get_active_clients()) do
  client.stop()
end
wait(5000, function() return #vim.lsp.get_active_clients() == 0 end, 'the clients to stop')
print('nvim set-up probe OK')
vim.cmd('qall!')
