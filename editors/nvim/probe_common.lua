-- What the Neovim probes share: failing with a message, and waiting for a condition.
-- Load with `local probe = dofile('editors/nvim/probe_common.lua')('name of the probe')`.
return function(name)
  local probe = {}
  function probe.fail(msg)
    io.stderr:write(name .. ' FAILED: ' .. msg .. '\n')
    vim.cmd('cquit 1')
  end
  function probe.wait(ms, cond, what)
    if not vim.wait(ms, cond, 20) then probe.fail('timed out waiting for ' .. what) end
  end
  return probe
end
