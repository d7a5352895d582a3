-- Kibitzer for Neovim: file types for PBN, RBN, LIN and DLM (Duplimate's dealing-machine) files,
-- and the language server started for them. Paste this into your init.lua (or source it from there); `kibitzer` must be on PATH
-- (`cargo install --path .` puts it in ~/.cargo/bin).
--
-- Neovim 0.8 and later use vim.filetype.add and vim.lsp.start (one server per project folder);
-- Neovim 0.7 gets autocommands and one client per folder with vim.lsp.start_client.
if vim.fn.has('nvim-0.8') == 1 then
  vim.filetype.add({ extension = { pbn = 'pbn', rbn = 'rbn', lin = 'lin', dlm = 'dlm' } })
else
  -- Neovim 0.7 reads filetype.lua only when asked to: plain autocommands work everywhere.
  for _, ext in ipairs({ 'pbn', 'rbn', 'lin', 'dlm' }) do
    vim.api.nvim_create_autocmd({ 'BufNewFile', 'BufRead' }, {
      pattern = { '*.' .. ext, '*.' .. ext:upper() },
      callback = function() vim.bo.filetype = ext end,
    })
  end
end

local kibitzer_clients = {}

local function kibitzer_attach(args)
  local buf = args.buf
  local file = vim.api.nvim_buf_get_name(buf)
  local root = vim.fs and vim.fs.dirname and vim.fs.dirname(file) or vim.fn.fnamemodify(file, ':h')
  local config = {
    name = 'kibitzer',
    cmd = { 'kibitzer', 'lsp' },
    root_dir = root,
    -- Editor settings (section `kibitzer`); a kibitzer.toml in the project applies too.
    init_options = {},
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = buf })
    return
  end
  local id = kibitzer_clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    kibitzer_clients[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(buf, id)
  end
end

vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'pbn', 'rbn', 'lin', 'dlm' },
  callback = kibitzer_attach,
})
