"""The reader's limits (digits, line length, nesting) and comment lines between tags."""

import pytest

from notation import NotationError, iter_headers, parse, parse_one, write
from notation.scan import MAX_DEPTH, MAX_DIGITS, MAX_LINE
from hostile import HEAD, SHAPES

TAGS = '[Game "Glory to Rome"]\n[Players "Ann, Ben"]\n'
POSITION = TAGS + '[Start "position"]\n\nposition\n'


def refused(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        parse(text, source="x.gtr")
    return caught.value


@pytest.mark.parametrize("text,line,column", [
    (TAGS + "turn {n} Ann\n  Ann passes\n", 3, 6),
    (TAGS + "Ann passes ${n}\n", 3, 12),
    (POSITION + "  turn: {n}\n", 6, 9),
    (POSITION + "  deck: {n}\n", 6, 9),
    (POSITION + "  jacks: {n}\n", 6, 10),
    (POSITION + "  in town: Rubble {n}\n", 6, 19),
])
def test_a_number_longer_than_the_limit_is_refused_where_it_is(text, line, column):
    if "turn {n} Ann" not in text:  # (turn 111111111 would be out of order)
        assert parse(text.format(n="1" * MAX_DIGITS))  # the limit itself reads
    for digits in (MAX_DIGITS + 1, 5_000):  # 5,000 digits is past Python's own int() limit
        error = refused(text.format(n="1" * digits))
        assert (error.line, error.column) == (line, column)
        assert f"at most {MAX_DIGITS}" in error.message and "x.gtr" in str(error)


def test_turn_limit_reads_at_the_limit():
    text = POSITION + f"  turn: {'9' * MAX_DIGITS}\n\nturn {'9' * MAX_DIGITS} Ann\n  Ann passes\n"
    assert parse_one(text).turns[0].number == int("9" * MAX_DIGITS)


def test_variations_nest_to_the_limit_and_no_further():
    deep = SHAPES["deep-variations"][2]
    record = parse_one(deep(MAX_DEPTH))
    again = parse_one(write(record))
    assert again == record  # equality and writing walk the whole depth
    depth, variation = 0, record.turns[0].steps[-1]
    while variation.variations:
        depth, variation = depth + 1, variation.variations[0].steps[0]
    assert depth == MAX_DEPTH
    error = refused(deep(MAX_DEPTH + 1))
    first = HEAD.count("\n") + 1
    assert (error.line, error.column) == (first + MAX_DEPTH, 3)
    assert f"more than {MAX_DEPTH} deep" in error.message
    assert refused(deep(10_000)).line == first + MAX_DEPTH


def test_deep_nesting_on_one_line_is_refused_too():
    error = refused(HEAD + "  " + "( Cid thinks: jack " * 60 + ")" * 60 + "\n")
    assert error.line == HEAD.count("\n") + 1 and "deep" in error.message


def test_a_line_longer_than_the_limit_is_refused():
    comment = "  Ann thinks: jack {"
    assert parse(HEAD + comment + "x" * (MAX_LINE - len(comment) - 1) + "}\n")
    error = refused(HEAD + comment + "x" * (MAX_LINE - len(comment)) + "}\n")
    assert (error.line, error.column) == (HEAD.count("\n") + 1, MAX_LINE + 1)
    assert f"at most {MAX_LINE:,}" in error.message
    long_tag = '[Event "' + "e" * MAX_LINE + '"]\n'
    assert refused(long_tag + TAGS).line == 1
    # inside a comment spanning lines, every line is measured
    error = refused(HEAD + "  Ann thinks: jack {\n" + "y" * (MAX_LINE + 1) + "\n}\n")
    assert error.line == HEAD.count("\n") + 2


def test_an_unclosed_comment_or_variation_is_found_at_its_opening():
    for shape, message in (("unclosed-brace", "comment is never closed"),
                           ("unclosed-paren", "variation is never closed")):
        error = refused(SHAPES[shape][2](2_000))
        assert (error.line, message in error.message) == (HEAD.count("\n") + 1, True)


def test_a_comment_line_between_tags_stays_in_the_record():
    text = ('[Game "Glory to Rome"]\n; the club game\n{[%clock 0:00:00]}\n\n[Players "Ann, Ben"]\n'
            '[Round "4"]\n\nturn 1 Ann\n  Ann thinks: jack\n')
    records = parse(text)
    assert len(records) == 1 and len(list(iter_headers(text))) == 1
    record = records[0]
    assert [t.name for t in record.tags] == ["Game", "Players", "Round"]
    assert [t.span.line for t in record.tags] == [1, 5, 6]  # tag lines keep their own numbers
    assert [c.text for c in record.comments] == ["the club game", "[%clock 0:00:00]"]
    assert parse_one(write(record)) == record
    # a body line between tags still starts a new record
    assert len(parse(text.replace("; the club game", "Ann thinks: jack"))) == 2


def test_first_line_numbers_a_piece_of_a_file():
    error = refused_at(TAGS + "Ann juggles\n", first_line=41)
    assert error.line == 43 and "Ann juggles" in str(error)
    assert parse(TAGS + "Ann passes\n", first_line=41)[0].turns[0].span.line == 43


def refused_at(text: str, first_line: int) -> NotationError:
    with pytest.raises(NotationError) as caught:
        parse(text, first_line=first_line)
    return caught.value


def test_the_line_cache_stays_bounded_over_many_tables():
    from notation import reader
    for n in range(reader._CONTEXTS_LIMIT + 10):
        parse(f'[Game "x"]\n[Players "Ann{n}, Ben"]\n\nAnn{n} thinks: jack\n')
    assert len(reader._caches) <= reader._CONTEXTS_LIMIT
