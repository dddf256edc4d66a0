package org.iosim.stoex.internal;

import org.iosim.stoex.StoExParseException;

/**
 * Splits a text into tokens. Numbers follow Palladio: digits, optionally a fraction
 * ({@code 1.} is allowed) and an exponent; a number with a fraction or an exponent is a DOUBLE.
 * Strings are enclosed in double or single quotes with Java-style escapes. Blanks, line breaks,
 * {@code /* ... *}{@code /} and {@code //} comments separate tokens.
 * <p>
 * Tokens are made one at a time as the parser asks for them, so that a long text is never held
 * as a list of tokens besides its syntax tree, and the leftmost error is the one reported.
 */
final class Lexer {

	enum Kind {
		INT("an integer"), DOUBLE("a number"), STRING("a string"), IDENTIFIER("a name"),
		LPAREN("'('"), RPAREN("')'"), LBRACKET("'['"), RBRACKET("']'"), SEMICOLON("';'"), COMMA("','"),
		DOT("'.'"), QUESTION("'?'"), COLON("':'"), PLUS("'+'"), MINUS("'-'"), STAR("'*'"), SLASH("'/'"),
		PERCENT("'%'"), CARET("'^'"), EQ("'=='"), NE("'<>'"), LT("'<'"), GT("'>'"), LE("'<='"), GE("'>='"),
		END("end of input");

		/** How an expectation of this kind reads in an error message. */
		final String expected;

		Kind(String expected) {
			this.expected = expected;
		}
	}

	/**
	 * @param lexeme the token as written ({@code ""} at the end)
	 * @param value  the decoded content of a string, otherwise the lexeme
	 */
	record Token(Kind kind, String lexeme, String value, int column) {

		String describe() {
			return kind == Kind.END ? "end of input" : "'" + lexeme + "'";
		}

		boolean isWord(String word) {
			return kind == Kind.IDENTIFIER && lexeme.equals(word);
		}
	}

	private final String text;
	private int position;

	Lexer(String text) {
		this.text = text;
	}

	/** @return the next token; at the end of the text, an END token however often it is called */
	Token next() {
		if (!skipBlanksAndComments()) {
			return new Token(Kind.END, "", "", text.length() + 1);
		}
		int start = position;
		char c = text.charAt(position);
		if (isDigit(c)) {
			return number(start);
		}
		if (Character.isLetter(c) && c < 128 || c == '_') {
			while (position < text.length() && isIdentifierPart(text.charAt(position))) {
				position++;
			}
			return token(Kind.IDENTIFIER, start);
		}
		if (c == '"' || c == '\'') {
			return string(start, c);
		}
		return symbol(start, c);
	}

	/** @return whether a token follows */
	private boolean skipBlanksAndComments() {
		while (position < text.length()) {
			char c = text.charAt(position);
			if (Character.isWhitespace(c)) {
				position++;
			} else if (text.startsWith("//", position)) {
				int end = text.indexOf('\n', position);
				position = end < 0 ? text.length() : end + 1;
			} else if (text.startsWith("/*", position)) {
				int end = text.indexOf("*/", position + 2);
				if (end < 0) {
					throw new StoExParseException(position + 1, "/*", "unterminated comment");
				}
				position = end + 2;
			} else {
				return true;
			}
		}
		return false;
	}

	private Token number(int start) {
		skipDigits();
		boolean isDouble = false;
		if (position < text.length() && text.charAt(position) == '.') {
			isDouble = true;
			position++;
			skipDigits();
		}
		if (position < text.length() && (text.charAt(position) == 'e' || text.charAt(position) == 'E')) {
			isDouble = true;
			position++;
			if (position < text.length() && (text.charAt(position) == '+' || text.charAt(position) == '-')) {
				position++;
			}
			if (position == text.length() || !isDigit(text.charAt(position))) {
				String lexeme = text.substring(start, position);
				throw new StoExParseException(start + 1, lexeme, "malformed number '" + lexeme + "'");
			}
			skipDigits();
		}
		return token(isDouble ? Kind.DOUBLE : Kind.INT, start);
	}

	private void skipDigits() {
		while (position < text.length() && isDigit(text.charAt(position))) {
			position++;
		}
	}

	private Token string(int start, char quote) {
		StringBuilder value = new StringBuilder();
		position++;
		while (true) {
			if (position >= text.length()) {
				throw new StoExParseException(start + 1, text.substring(start), "unterminated string literal");
			}
			char c = text.charAt(position++);
			if (c == quote) {
				break;
			}
			value.append(c == '\\' ? escape(start) : c);
		}
		return new Token(Kind.STRING, text.substring(start, position), value.toString(), start + 1);
	}

	private char escape(int stringStart) {
		if (position >= text.length()) {
			throw new StoExParseException(stringStart + 1, text.substring(stringStart), "unterminated string literal");
		}
		char c = text.charAt(position++);
		return switch (c) {
			case 'b' -> '\b';
			case 't' -> '\t';
			case 'n' -> '\n';
			case 'f' -> '\f';
			case 'r' -> '\r';
			case '"', '\'', '\\' -> c;
			case 'u' -> unicodeEscape();
			default -> throw new StoExParseException(position - 1, "\\" + c, "unknown escape '\\" + c + "' in string");
		};
	}

	private char unicodeEscape() {
		int start = position - 2;
		if (position + 4 > text.length()
				|| !text.substring(position, position + 4).chars().allMatch(Lexer::isHexDigit)) {
			String lexeme = text.substring(start, Math.min(text.length(), position + 4));
			throw new StoExParseException(start + 1, lexeme, "malformed unicode escape '" + lexeme + "'");
		}
		char c = (char) Integer.parseInt(text.substring(position, position + 4), 16);
		position += 4;
		return c;
	}

	private Token symbol(int start, char c) {
		char next = position + 1 < text.length() ? text.charAt(position + 1) : '\0';
		Kind kind = switch (c) {
			case '(' -> Kind.LPAREN;
			case ')' -> Kind.RPAREN;
			case '[' -> Kind.LBRACKET;
			case ']' -> Kind.RBRACKET;
			case ';' -> Kind.SEMICOLON;
			case ',' -> Kind.COMMA;
			case '.' -> Kind.DOT;
			case '?' -> Kind.QUESTION;
			case ':' -> Kind.COLON;
			case '+' -> Kind.PLUS;
			case '-' -> Kind.MINUS;
			case '*' -> Kind.STAR;
			case '/' -> Kind.SLASH;
			case '%' -> Kind.PERCENT;
			case '^' -> Kind.CARET;
			case '<' -> next == '>' ? Kind.NE : next == '=' ? Kind.LE : Kind.LT;
			case '>' -> next == '=' ? Kind.GE : Kind.GT;
			case '=' -> {
				if (next != '=') {
					throw new StoExParseException(start + 1, "=", "unexpected '=' (compare with '==')");
				}
				yield Kind.EQ;
			}
			case '!' -> throw next == '='
					? new StoExParseException(start + 1, "!=", "unexpected '!=' (write '<>' for not equal)")
					: new StoExParseException(start + 1, "!", "unexpected '!' (write NOT)");
			default -> throw new StoExParseException(start + 1, String.valueOf(c), "unexpected character '" + c + "'");
		};
		position += kind == Kind.NE || kind == Kind.LE || kind == Kind.GE || kind == Kind.EQ ? 2 : 1;
		return token(kind, start);
	}

	private Token token(Kind kind, int start) {
		String lexeme = text.substring(start, position);
		return new Token(kind, lexeme, lexeme, start + 1);
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

	private static boolean isHexDigit(int c) {
		return isDigit((char) c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
	}

	private static boolean isIdentifierPart(char c) {
		return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
	}
}
