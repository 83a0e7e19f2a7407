# bash completion for addmusic                                  -*- shell-script -*-
# Installed as /usr/share/bash-completion/completions/addmusic. The names of playlists, genres, artists and albums
# come from `addmusic complete playlists|genres|artists|albums` (one a line; nothing when there is no library yet).

# Adds to COMPREPLY the names of kind $1 that start with $2 (as typed: a leading quote and backslashes dropped);
# bash quotes them itself (-o filenames).
_addmusic_names()
{
    local name typed=${2#[\"\']}
    typed=${typed//\\/}
    compopt -o filenames 2>/dev/null
    while IFS= read -r name; do
        [[ $name == "$typed"* ]] && COMPREPLY+=("$name")
    done < <(addmusic complete "$1" 2>/dev/null)
}

# Adds the words $1 that start with $2.
_addmusic_words()
{
    local IFS=$' \t\n'
    # shellcheck disable=SC2207
    COMPREPLY+=($(compgen -W "$1" -- "$2"))
}

# Adds files (-f) or folders (-d), as $1 says, that start with $2.
_addmusic_paths()
{
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    # shellcheck disable=SC2207
    COMPREPLY+=($(compgen "$1" -- "$2"))
}

_addmusic()
{
    # The words as typed: with bash-completion's helper `--name=value` and `null:fast` stay whole; without it,
    # bash splits them at `=` and `:`.
    local cur prev cword
    local -a line
    if declare -F _get_comp_words_by_ref >/dev/null; then
        _get_comp_words_by_ref -n =: -w line -i cword cur prev
    else
        line=("${COMP_WORDS[@]}") cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
        if [[ $prev == = ]] && ((cword > 1)); then prev=${line[cword - 2]}; fi
        [[ $cur == = ]] && cur=""
    fi
    local valued=" --music-dir --limit --offset --player --output --album --artist --genre --composer --search"
    valued+=" --loops --name --playlist --sort --title --album-artist --year --track --disc --compilation --lyrics"
    valued+=" --cover --rating --rule --add-rule --remove-rule --match --order --eq --crossfade --server --token"
    valued+=" --api-key --api-secret --sleep "
    COMPREPLY=()

    # The words before the cursor that are not options or their values: the command, its action, their operands.
    local -a words=()
    local i word
    for ((i = 1; i < cword; i++)); do
        word=${line[i]}
        if [[ $word == --*=* ]]; then
            continue
        elif [[ $word == [=:] ]]; then
            ((i++))
        elif [[ $word == -* ]]; then
            if [[ $valued == *" $word "* ]]; then
                [[ ${line[i + 1]-} == = ]] && ((i++))
                ((i++))
            fi
        else
            words+=("$word")
        fi
    done

    # An option's value.
    if [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        cur=${cur#*=}
    elif [[ $valued != *" $prev "* ]]; then
        prev=""
    fi
    case $prev in
    --music-dir) _addmusic_paths -d "$cur"; return ;;
    --cover | --lyrics) _addmusic_paths -f "$cur"; return ;;
    --output)
        _addmusic_words "pulse null null:fast wav:" "$cur"
        [[ ${COMPREPLY[0]-} == wav: ]] && compopt -o nospace 2>/dev/null
        declare -F __ltrim_colon_completions >/dev/null && __ltrim_colon_completions "$cur"
        return
        ;;
    --player) _addmusic_words "app system" "$cur"; return ;;
    --eq) _addmusic_words "off flat bass treble voice rock classical small-speakers" "$cur"; return ;;
    --sleep) _addmusic_words "15m 30m 45m 1h song queue" "$cur"; return ;;
    --sort) _addmusic_words "most-played recently-added recently-played top-rated never-played" "$cur"; return ;;
    --match) _addmusic_words "all any" "$cur"; return ;;
    --order)
        _addmusic_words "random library title album year most-played least-played recently-played recently-added
            top-rated longest shortest" "$cur"
        return
        ;;
    --compilation) _addmusic_words "yes no" "$cur"; return ;;
    --genre) _addmusic_names genres "$cur"; return ;;
    --artist | --album-artist) _addmusic_names artists "$cur"; return ;;
    --album) _addmusic_names albums "$cur"; return ;;
    --playlist) _addmusic_names playlists "$cur"; return ;;
    --*) return ;;
    esac

    local command=${words[0]-} action=${words[1]-} count=${#words[@]}
    if [[ $cur == -* ]]; then
        local options="--music-dir --help --version"
        case $command in
        library) options+=" --json --stats --limit --offset --player --sort --verbose --progress" ;;
        play) options+=" --album --artist --genre --composer --search --playlist --output --player --eq --crossfade --sleep" ;;
        playlist)
            if [[ $action == smart ]]; then
                options+=" --json --match --rule --limit --order --add-rule --remove-rule"
            else
                options+=" --search --album --artist --name --relative --player"
            fi
            ;;
        rate) options+=" --search" ;;
        scrobble) options+=" --server --token --api-key --api-secret" ;;
        tag)
            options+=" --title --artist --album --album-artist --genre --year --track --disc --composer --compilation"
            options+=" --lyrics --cover --no-cover --rating --json"
            ;;
        window) options+=" --player" ;;
        sound) options+=" --loops --output" ;;
        esac
        _addmusic_words "$options" "$cur"
        return
    fi

    case $command in
    "")
        _addmusic_words "library play playlist rate scrobble tag window sound demo-library help" "$cur"
        _addmusic_paths -f "$cur"
        ;;
    library)
        if ((count == 1)); then
            _addmusic_words "scan songs albums artists genres composers compilations search problems analyze watch
                playlists playlist" "$cur"
        elif [[ $action == scan ]]; then
            _addmusic_paths -d "$cur"
        elif [[ $action == playlist ]] && ((count == 2)); then
            _addmusic_names playlists "$cur"
        fi
        ;;
    playlist)
        if ((count == 1)); then
            _addmusic_words "create add remove move rename delete import export save-queue smart" "$cur"
        elif [[ $action == smart ]]; then
            if ((count == 2)); then
                _addmusic_words "list show create edit delete" "$cur"
            elif ((count == 3)) && [[ ${words[2]} == @(show|edit|delete) ]]; then
                _addmusic_names playlists "$cur"
            fi
        elif ((count == 2)) && [[ $action == @(add|remove|move|rename|delete|export) ]]; then
            _addmusic_names playlists "$cur"
        elif [[ $action == @(create|add) && count -ge 3 ]] || [[ $action == import && count -eq 2 ]] ||
            [[ $action == export && count -eq 3 ]]; then
            _addmusic_paths -f "$cur"
        fi
        ;;
    scrobble)
        if ((count == 1)); then
            _addmusic_words "login logout status send watch" "$cur"
        elif ((count == 2)) && [[ $action == @(login|logout) ]]; then
            _addmusic_words "listenbrainz lastfm" "$cur"
        fi
        ;;
    demo-library) ((count == 1)) && _addmusic_paths -d "$cur" ;;
    help) ;;
    *) _addmusic_paths -f "$cur" ;;
    esac
} &&
    complete -F _addmusic addmusic

# ex: filetype=sh
