#!/bin/sh
# apf-storm: one look at the API server's pressure, then no load while the storm lasts.
set -eu
. "$(dirname "$0")/lib.sh"
await_line '^api server: .*(APF|429)'
say "the API server is shedding load under APF: waiting it out, adding none"
