# bash completion for settei. Commands, each command's options, keys, choices, formats and
# languages come from `settei __complete WORDS...`, so they follow the command and --schema.
# File names are completed here: after --schema, --store and --out, and for the arguments of
# the commands that take paths.
_settei() {
  local cur prev word verb="" skip=""
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  # The command typed so far (an option's value is not one).
  for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    if [[ -n $skip ]]; then skip=""; continue; fi
    case "$word" in
      --schema|--store|--lang|--idiom|--format|--width|--out|--development-language|--title|--save) skip=1 ;;
      get|set|list|export|reset|saves|rollback) verb="$word"; break ;;
      import|lint|defaults|diff|render) verb="$word:path"; break ;;
    esac
  done
  case "$prev" in
    --schema|--store|--out)
      COMPREPLY=($(compgen -f -- "$cur"))
      return 0 ;;
    --title|--save) return 0 ;;  # free text, a save number: nothing to offer
    --lang|--idiom|--format|--width|--development-language) ;;  # settei offers their values
    *)
      if [[ $verb == *:path && $cur != -* ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
        return 0
      fi ;;
  esac
  local IFS=$'\n'
  COMPREPLY=($(settei __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -F _settei settei
