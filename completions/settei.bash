# bash completion for settei. Keys and choices come from the schema, through
# `settei __complete WORDS...`, so they follow --schema; so do the languages
# after --lang.
_settei() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    --schema|--store|import|lint|defaults|diff|render|--out)
      COMPREPLY=($(compgen -f -- "$cur"))
      return 0 ;;
    --format)
      COMPREPLY=($(compgen -W "json plist swift" -- "$cur"))
      return 0 ;;
    --idiom)
      COMPREPLY=($(compgen -W "phone pad mac vision" -- "$cur"))
      return 0 ;;
  esac
  local IFS=$'\n'
  COMPREPLY=($(settei __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -F _settei settei
