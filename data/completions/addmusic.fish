# fish completion for addmusic, installed as /usr/share/fish/vendor_completions.d/addmusic.fish. The names of
# playlists, genres, artists and albums come from `addmusic complete playlists|genres|artists|albums` (one a line;
# nothing when there is no library yet).

# The words typed so far that are not options or option values: the command, its action, their operands.
function __addmusic_words
    set -l valued music-dir limit offset player output album artist genre composer search loops name playlist sort \
        title album-artist year track disc compilation lyrics cover rating rule add-rule remove-rule match order eq \
        crossfade server token api-key api-secret sleep
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l skip 0
    for token in $tokens
        if test $skip -eq 1
            set skip 0
        else if string match -q -- '--*=*' $token
            continue
        else if string match -q -- '--*' $token
            contains -- (string sub -s 3 -- $token) $valued; and set skip 1
        else
            echo $token
        end
    end
end

# True when the words typed so far are exactly $argv.
function __addmusic_at
    set -l words (__addmusic_words)
    test "$words" = "$argv"
end

# True when the first word (the command) is one of $argv.
function __addmusic_in
    set -l words (__addmusic_words)
    set -q words[1]; and contains -- $words[1] $argv
end

# True where `playlist create|add|import|export` takes a file.
function __addmusic_playlist_files
    set -l words (__addmusic_words)
    test "$words[1]" = playlist; or return 1
    switch "$words[2]"
        case create add
            test (count $words) -ge 3
        case import
            test (count $words) -eq 2
        case export
            test (count $words) -eq 3
        case '*'
            return 1
    end
end

# The names of kind $argv[1] (playlists, genres, artists, albums).
function __addmusic_names
    addmusic complete $argv[1] 2>/dev/null
end

set -l commands library play playlist rate scrobble tag window sound demo-library help
complete -c addmusic -f

# Everywhere.
complete -c addmusic -l music-dir -r -a '(__fish_complete_directories)' -d 'A music folder'
complete -c addmusic -l help -d 'Show the help'
complete -c addmusic -l version -d 'Show the version'

# The commands, and files, folders or URLs opened in the window.
complete -c addmusic -n __addmusic_at -a library -d 'Scan, list and search the music library'
complete -c addmusic -n __addmusic_at -a play -d 'Play songs in the terminal'
complete -c addmusic -n __addmusic_at -a playlist -d 'Make and change your playlists'
complete -c addmusic -n __addmusic_at -a rate -d 'Rate songs, 0 to 5 stars'
complete -c addmusic -n __addmusic_at -a scrobble -d 'Submit the songs you hear'
complete -c addmusic -n __addmusic_at -a tag -d 'Write or show the tags of files'
complete -c addmusic -n __addmusic_at -a window -d 'Open the desktop window'
complete -c addmusic -n __addmusic_at -a sound -d 'Play the app sound over the music'
complete -c addmusic -n __addmusic_at -a demo-library -d 'Write the demo library'
complete -c addmusic -n __addmusic_at -a help -d 'Show the help'
complete -c addmusic -n "not __addmusic_in $commands" -F

# library
complete -c addmusic -n '__addmusic_at library' \
    -a 'scan songs albums artists genres composers compilations search problems analyze watch playlists playlist'
complete -c addmusic -n '__addmusic_in library; and __addmusic_words | string match -q scan' \
    -a '(__fish_complete_directories)'
complete -c addmusic -n '__addmusic_at library playlist' -a '(__addmusic_names playlists)'
complete -c addmusic -n '__addmusic_in library' -l json -d 'Print JSON'
complete -c addmusic -n '__addmusic_in library' -l stats -d 'Show the play statistics'
complete -c addmusic -n '__addmusic_in library playlist' -l limit -x -d 'The most listed'
complete -c addmusic -n '__addmusic_in library playlist' -l offset -x -d 'The number skipped first'
complete -c addmusic -n '__addmusic_in library play playlist window' -l player -x -a 'app system' \
    -d 'The application player or the music daemon'
complete -c addmusic -n '__addmusic_in library' -l sort -x \
    -a 'most-played recently-added recently-played top-rated never-played' -d 'The order of the songs'
complete -c addmusic -n '__addmusic_in library' -l verbose -d 'List every file that could not be read'
complete -c addmusic -n '__addmusic_in library' -l progress -d 'Show the progress'

# play
complete -c addmusic -n '__addmusic_in play' -F
complete -c addmusic -n '__addmusic_in play playlist tag' -l album -x -a '(__addmusic_names albums)' -d 'An album'
complete -c addmusic -n '__addmusic_in play playlist tag' -l artist -x -a '(__addmusic_names artists)' -d 'An artist'
complete -c addmusic -n '__addmusic_in play tag' -l genre -x -a '(__addmusic_names genres)' -d 'A genre'
complete -c addmusic -n '__addmusic_in play tag' -l composer -x -d 'A composer'
complete -c addmusic -n '__addmusic_in play playlist rate' -l search -x -d 'Songs that match'
complete -c addmusic -n '__addmusic_in play' -l playlist -x -a '(__addmusic_names playlists)' -d 'A playlist'
complete -c addmusic -n '__addmusic_in play sound' -l output -x -a 'pulse null null:fast wav:' -d 'Where the sound goes'
complete -c addmusic -n '__addmusic_in play' -l eq -x -a 'off flat bass treble voice rock classical small-speakers' \
    -d 'An equalizer preset'
complete -c addmusic -n '__addmusic_in play' -l crossfade -x -d 'Seconds of crossfade, 0 to 12'
complete -c addmusic -n '__addmusic_in play' -l sleep -x -a '15m 30m 45m 1h song queue' \
    -d 'Stop after a time, the song or the queue'

# playlist
complete -c addmusic -n '__addmusic_at playlist' -a 'create add remove move rename delete import export save-queue smart'
for action in add remove move rename delete export
    complete -c addmusic -n "__addmusic_at playlist $action" -a '(__addmusic_names playlists)'
end
complete -c addmusic -n __addmusic_playlist_files -F
complete -c addmusic -n '__addmusic_at playlist smart' -a 'list show create edit delete'
for action in show edit delete
    complete -c addmusic -n "__addmusic_at playlist smart $action" -a '(__addmusic_names playlists)'
end
complete -c addmusic -n '__addmusic_in playlist' -l name -x -d 'The name of the imported playlist'
complete -c addmusic -n '__addmusic_in playlist' -l relative -d 'Write paths relative to the file'
complete -c addmusic -n '__addmusic_in playlist' -l json -d 'Print JSON'
complete -c addmusic -n '__addmusic_in playlist' -l match -x -a 'all any' -d 'Which rules must match'
complete -c addmusic -n '__addmusic_in playlist' -l rule -x -d 'A rule'
complete -c addmusic -n '__addmusic_in playlist' -l add-rule -x -d 'A rule added'
complete -c addmusic -n '__addmusic_in playlist' -l remove-rule -x -d 'The number of a rule removed'
complete -c addmusic -n '__addmusic_in playlist' -l order -x -d 'The order of the songs' \
    -a 'random library title album year most-played least-played recently-played recently-added top-rated longest shortest'

# rate, scrobble
complete -c addmusic -n '__addmusic_in rate' -F
complete -c addmusic -n '__addmusic_at scrobble' -a 'login logout status send watch'
complete -c addmusic -n '__addmusic_at scrobble login; or __addmusic_at scrobble logout' -a 'listenbrainz lastfm'
complete -c addmusic -n '__addmusic_in scrobble' -l server -x -d 'The server address'
complete -c addmusic -n '__addmusic_in scrobble' -l token -x -d 'The user token'
complete -c addmusic -n '__addmusic_in scrobble' -l api-key -x -d 'Your API key'
complete -c addmusic -n '__addmusic_in scrobble' -l api-secret -x -d 'Your API secret'

# tag
complete -c addmusic -n '__addmusic_in tag' -F
complete -c addmusic -n '__addmusic_in tag' -l title -x -d 'The title'
complete -c addmusic -n '__addmusic_in tag' -l album-artist -x -a '(__addmusic_names artists)' -d 'An album artist'
complete -c addmusic -n '__addmusic_in tag' -l year -x -d 'The year'
complete -c addmusic -n '__addmusic_in tag' -l track -x -d 'The track number, N or N/M'
complete -c addmusic -n '__addmusic_in tag' -l disc -x -d 'The disc number, N or N/M'
complete -c addmusic -n '__addmusic_in tag' -l compilation -x -a 'yes no' -d 'Whether it is a compilation'
complete -c addmusic -n '__addmusic_in tag' -l lyrics -r -F -d 'The lyrics, a file or text'
complete -c addmusic -n '__addmusic_in tag' -l cover -r -F -d 'The cover picture'
complete -c addmusic -n '__addmusic_in tag' -l no-cover -d 'Remove the cover'
complete -c addmusic -n '__addmusic_in tag' -l rating -x -a '0 1 2 3 4 5' -d 'The rating, 0 to 5 stars'
complete -c addmusic -n '__addmusic_in tag' -l json -d 'Show the tags as JSON'

# window, sound, demo-library
complete -c addmusic -n '__addmusic_in window sound' -F
complete -c addmusic -n '__addmusic_in sound' -l loops -x -d 'How many times'
complete -c addmusic -n '__addmusic_at demo-library' -a '(__fish_complete_directories)'
