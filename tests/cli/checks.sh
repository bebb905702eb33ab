# The checks the command-line tests share, sourced by them: it makes $tmp (removed on exit) and
# counts passed and failed checks; a test ends with `finish`.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

check() {  # check NAME EXPECTED_EXIT ACTUAL_EXIT (on failure, $tmp/err is shown if there is one)
    if [[ "$2" == "$3" ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $1: expected exit $2, got $3"; cat "$tmp/err" 2>/dev/null
    fi
}
contains() {  # contains NAME FILE TEXT
    if grep -qF -- "$3" "$2"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $1: '$3' not in output:"; cat "$2"
    fi
}
lacks() {  # lacks NAME FILE TEXT
    if grep -qF -- "$3" "$2"; then
        failed=$((failed + 1))
        echo "FAIL: $1: '$3' in output:"; cat "$2"
    else
        passed=$((passed + 1))
    fi
}
finish() {  # the summary line; the exit status of the test
    echo "$passed passed, $failed failed"
    ((failed == 0))
}
