"""The reference endpoint: an OpenAI-compatible server that answers from the pixels it receives.

It never reads golden truth or case records: it sees only the request (text, images, videos).
"""
