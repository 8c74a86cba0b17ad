# The one argument parser of scripts/ (#54): every script declares its flags and positionals,
# then `args_parse "$@"`. Before any work: `--help` prints the script's header comment and exits
# 0; an unknown flag, a missing value or a bad one is one line on stderr and exit 2. Exit 2 is
# the usage error only — a check that found something exits 1 — and no script writes a tracked
# file unless a flag names it.
#
#   . "$root/scripts/lib/args.sh"
#   args_opt  --seeds seeds int 1 100000   # a flag with a value: variable, type (below)
#   args_flag --subset subset              # a switch: sets the variable to 1
#   args_pos  cases int 1 1000000          # an optional positional, in order
#   args_rest names word                   # the positionals after them, into an array
#   args_parse "$@"
#
# Types: int MIN MAX, num (a decimal ≥ 0), pnum (a decimal > 0), word (not empty, not a flag), any (not empty: what
# follows `--`, passed on to another tool), dir (an existing
# folder), file (an existing file), exe (an executable file), out (a file to write: its folder
# exists, it is not a folder), rev (a git revision of this repository).

args_name="$(basename "$0" .sh)"
args_specs=()      # "flag|var|type|a|b" for flags with values
args_switches=()   # "flag|var"
args_positionals=()   # "var|type|a|b"
args_rest_spec=""     # "var|type"
args_seen=""          # the flags with values given so far

args_opt()  { args_specs+=("$1|$2|$3|${4:-}|${5:-}"); }
args_flag() { args_switches+=("$1|$2"); }
args_pos()  { args_positionals+=("$1|$2|${3:-}|${4:-}"); }
args_rest() { args_rest_spec="$1|$2"; }

args_fail() { echo "$args_name: $*" >&2; exit 2; }

args_help() {  # the header comment: from line 2 to the first line not a comment
  awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"
  exit 0
}

# args_check WHAT VALUE TYPE A B: refuses a bad value with one line naming WHAT.
args_check() {
  local what="$1" v="$2" type="$3" a="$4" b="$5"
  case "$type" in
    int)
      [[ "$v" =~ ^-?[0-9]{1,15}$ ]] || args_fail "$what takes a whole number $a…$b, got \"$v\""
      local n=$((10#${v#-}))
      [[ "$v" == -* ]] && n=$((-n))
      (( n >= a && n <= b )) || args_fail "$what takes a whole number $a…$b, got $v" ;;
    num) [[ "$v" =~ ^[0-9]{1,9}(\.[0-9]{1,9})?$ ]] || args_fail "$what takes a number ≥ 0 (e.g. 2.5), got \"$v\"" ;;
    pnum) [[ "$v" =~ ^[0-9]{1,9}(\.[0-9]{1,9})?$ && "$v" =~ [1-9] ]] || args_fail "$what takes a number above 0 (e.g. 2.5), got \"$v\"" ;;
    word) [ -n "$v" ] && [[ "$v" != -* ]] || args_fail "$what needs a value, got \"$v\"" ;;
    any) [ -n "$v" ] || args_fail "$what is empty" ;;
    dir) [ -d "$v" ] || args_fail "$what: \"$v\" is not a folder" ;;
    file) [ -f "$v" ] && [ -r "$v" ] || args_fail "$what: \"$v\" is not a readable file" ;;
    exe) [ -f "$v" ] && [ -x "$v" ] || args_fail "$what: \"$v\" is not an executable file" ;;
    out)
      [ -n "$v" ] && [[ "$v" != -* ]] || args_fail "$what needs a file name, got \"$v\""
      [ ! -d "$v" ] || args_fail "$what: \"$v\" is a folder, not a file"
      [ -d "$(dirname -- "$v")" ] || args_fail "$what: the folder of \"$v\" does not exist" ;;
    rev) git -C "$(dirname "$0")/.." rev-parse --verify --quiet "$v^{commit}" >/dev/null \
           || args_fail "$what: \"$v\" is not a revision of this repository" ;;
    *) args_fail "internal: unknown type $type" ;;
  esac
}

args_parse() {
  local k=0 s spec flag var type a b matched dashdash=0
  ARGS_REST=()
  while [ $# -gt 0 ]; do
    if [ $dashdash = 0 ]; then
      case "$1" in
        -h|--help) args_help ;;
        --) dashdash=1; shift; continue ;;
        --*=*) set -- "${1%%=*}" "${1#*=}" "${@:2}"; continue ;;
        -*)
          matched=0
          for s in ${args_switches[@]+"${args_switches[@]}"}; do
            IFS='|' read -r flag var <<< "$s"
            if [ "$1" = "$flag" ]; then
              [[ " $args_seen " != *" $flag "* ]] || args_fail "$flag given twice; give it once"
              args_seen="$args_seen $flag"
              printf -v "$var" 1; matched=1; shift; break
            fi
          done
          [ $matched = 1 ] && continue
          for spec in ${args_specs[@]+"${args_specs[@]}"}; do
            IFS='|' read -r flag var type a b <<< "$spec"
            if [ "$1" = "$flag" ]; then
              [ $# -ge 2 ] || args_fail "$flag needs a value (see --help)"
              # Once only: of two values, which one counts is a guess (#54's fifth audit).
              [[ " $args_seen " != *" $flag "* ]] || args_fail "$flag given twice; give it once"
              args_seen="$args_seen $flag"
              args_check "$flag" "$2" "$type" "$a" "$b"
              printf -v "$var" '%s' "$2"; matched=1; shift 2; break
            fi
          done
          [ $matched = 1 ] && continue
          args_fail "unknown flag \"$1\" (see --help)" ;;
      esac
    fi
    # A positional.
    if [ $k -lt ${#args_positionals[@]} ]; then
      IFS='|' read -r var type a b <<< "${args_positionals[$k]}"
      args_check "argument $((k + 1)) ($var)" "$1" "$type" "$a" "$b"
      printf -v "$var" '%s' "$1"; k=$((k + 1))
    elif [ -n "$args_rest_spec" ]; then
      IFS='|' read -r var type <<< "$args_rest_spec"
      # What another tool takes (`any`) comes after `--` only: a stray word is a mistake, not a flag for it.
      [ "$type" != any ] || [ $dashdash = 1 ] || args_fail "unexpected argument \"$1\" (another tool's flags go after --; see --help)"
      args_check "argument \"$1\"" "$1" "$type" "" ""
      # A name given twice is a mistake (it would be run twice), except what goes to another tool.
      if [ "$type" != any ]; then
        for seen_value in ${ARGS_REST[@]+"${ARGS_REST[@]}"}; do
          [ "$seen_value" != "$1" ] || args_fail "argument \"$1\" given twice; give it once"
        done
      fi
      ARGS_REST+=("$1")
    else
      args_fail "unexpected argument \"$1\" (see --help)"
    fi
    shift
  done
}
