# bash completion for settei. Commands, each command's options, keys, choices, formats and
# languages come from `settei __complete WORDS...`, so they follow the command and --schema.
# File names are completed here: after --schema, --store and --out, and for the arguments of
# the commands that take paths.
_settei() {
  local cur prev word verb="" skip="" gsettings="" i
  # The words as typed: bash splits a word at ':' (COMP_WORDBREAKS), which GSettings' keys
  # hold (org.gnome.desktop.interface:clock-format), so the parts are joined again.
  local -a words=()
  for ((i = 1; i <= COMP_CWORD; i++)); do
    word="${COMP_WORDS[i]}"
    if ((${#words[@]} > 0)) && [[ $word == :* || ${words[-1]} == *: ]]; then
      words[-1]+="$word"
    else
      words+=("$word")
    fi
  done
  cur="${words[-1]}"
  prev=""
  ((${#words[@]} > 1)) && prev="${words[-2]}"
  # The command typed so far (an option's value is not one).
  for word in "${words[@]:0:${#words[@]}-1}"; do
    if [[ -n $skip ]]; then skip=""; continue; fi
    case "$word" in
      --schema|--store|--lang|--idiom|--format|--width|--out|--development-language|--title|--save) skip=1 ;;
      --gsettings) gsettings=1 ;;
      get|set|list|export|reset|saves|rollback) verb="$word"; break ;;
      # A schema's path, or with --gsettings a schema id.
      lint|render) verb="$word:path"; [[ -n $gsettings ]] && verb="$word"; break ;;
      import|defaults|diff) verb="$word:path"; break ;;
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
  COMPREPLY=($(settei __complete "${words[@]}" 2>/dev/null))
  # Bash replaces only the part of the word after its last ':': the candidates say the rest.
  if [[ $cur == *:* ]]; then
    local typed="${cur%"${cur##*:}"}"
    for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]="${COMPREPLY[i]#"$typed"}"; done
  fi
}
complete -F _settei settei
